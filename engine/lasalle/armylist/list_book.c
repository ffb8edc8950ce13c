/* list_book.c - putting the Army Builder files together: every nation file
 * and the minor states of one folder, with the checks that need them all
 * (allied offers name real states; every unit a core list or an offered
 * brigade holds has a value in each theatre it is offered in). */
#include "internal.h"
#include "../../core/fsutil.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PATH LASALLE_LIST_PATH

int lasalle_list_dir(char *buf, size_t cap)
{
    return gr_find_data("data/lasalle/armies", buf, cap);
}

/* does each line have a value (a battery: serves) in theatre t? names the first that has not */
static int items_serve(lasalle_list_loader *D, const lasalle_list_nation *S, const lasalle_list_item *items, int n,
                       int t, const char *path, const char *what)
{
    for (int i = 0; i < n; i++) {
        const lasalle_list_item *it = &items[i];
        char p[PATH + 16];
        snprintf(p, sizeof p, "%s[%d]", path, i);
        if (it->kind == LASALLE_LIST_ITEM_BATTERY && lasalle_list_find_battery(S, S->batteries[it->type].name, t) < 0)
            return lasalle_list_load_fail(D, p, "%s%s is not used in the %s theatre", what, S->batteries[it->type].name,
                                          lasalle_list_theatre_id(t));
        if (it->kind != LASALLE_LIST_ITEM_UNIT) continue;
        for (int k = -1; k < it->nalts; k++) {
            const lasalle_list_unit_type *u = &S->units[k < 0 ? it->type : it->alts[k]];
            if (!u->nchoice[t])
                return lasalle_list_load_fail(D, p, "%s%s has no value in the %s theatre", what, u->name,
                                              lasalle_list_theatre_id(t));
        }
    }
    return 0;
}

/* the brigades of every state serve where they say */
static int check_states(lasalle_list_loader *D, lasalle_list_book *B)
{
    for (int s = 0; s < B->nstates; s++) {
        const lasalle_list_nation *S = &B->states[s];
        D->file = S->file;
        for (int b = 0; b < S->nbrigades; b++)
            for (int t = 0; t < LASALLE_LIST_TH_COUNT; t++) {
                if (!((S->brigades[b].theatres >> t) & 1u)) continue;
                char p[PATH];
                snprintf(p, sizeof p, "$.states[%d].brigades[%d].units", s, b);
                if (items_serve(D, S, S->brigades[b].items, S->brigades[b].nitems, t, p, "")) return -1;
            }
    }
    return 0;
}

/* an allied offer: a state that has a brigade in each of its theatres */
static int resolve_allied(lasalle_list_loader *D, lasalle_list_book *B, lasalle_list_offer *f, const char *p)
{
    char names[400];
    f->target = (int16_t)lasalle_list_find_state(B, f->state);
    if (f->target < 0) {
        size_t len = 0;
        names[0] = '\0';
        for (int s = 0; s < B->nstates && len < sizeof names; s++)
            len += (size_t)snprintf(names + len, sizeof names - len, "%s%s", s ? ", " : "", B->states[s].id);
        return lasalle_list_load_fail(D, p, "expected the id of a minor state (%s), got \"%s\"", names, f->state);
    }
    const lasalle_list_nation *S = &B->states[f->target];
    for (int t = 0; t < LASALLE_LIST_TH_COUNT; t++) {
        if (!((f->theatres >> t) & 1u)) continue;
        if (lasalle_list_find_brigade(S, "", t) < 0)
            return lasalle_list_load_fail(D, p, "%s has no brigade in the %s theatre", S->name,
                                          lasalle_list_theatre_id(t));
    }
    return 0;
}

static int check_army(lasalle_list_loader *D, lasalle_list_book *B, int a)
{
    lasalle_list_army_type *A = &D->N->armies[a];
    char p[PATH];
    for (int c = 0; c < A->ncores; c++)
        for (int t = 0; t < LASALLE_LIST_TH_COUNT; t++) {
            if (!((A->cores[c].theatres >> t) & 1u)) continue;
            snprintf(p, sizeof p, "$.armies[%d].cores[%d].units", a, c);
            if (items_serve(D, D->N, A->cores[c].items, A->cores[c].nitems, t, p, "")) return -1;
            snprintf(p, sizeof p, "$.armies[%d].cores[%d].attacker_bonus", a, c);
            if (items_serve(D, D->N, A->cores[c].bonus, A->cores[c].nbonus, t, p, "")) return -1;
        }
    int idx[LASALLE_LIST_SUP_COUNT] = {0};
    for (int k = 0; k < A->noffers; k++) {
        lasalle_list_offer *f = &A->offers[k];
        snprintf(p, sizeof p, "$.armies[%d].support.%s[%d]", a, lasalle_list_support_ids[f->kind], idx[f->kind]++);
        if (f->kind == LASALLE_LIST_SUP_ALLIED) {
            if (resolve_allied(D, B, f, p)) return -1;
            continue;
        }
        const lasalle_list_brigade *g = &D->N->brigades[f->target];
        char what[LASALLE_LIST_NAME + 16];
        snprintf(what, sizeof what, "brigade %s: ", g->name);
        for (int t = 0; t < LASALLE_LIST_TH_COUNT; t++)
            if (((f->theatres >> t) & 1u) && items_serve(D, D->N, g->items, g->nitems, t, p, what)) return -1;
    }
    return 0;
}

static int check_nation(lasalle_list_loader *D, lasalle_list_book *B)
{
    for (int a = 0; a < D->N->narmies; a++)
        if (check_army(D, B, a)) return -1;
    for (int r = 0; r < D->N->nrules; r++)
        for (int s = 0; s < D->N->rules[r].nstates; s++)
            if (lasalle_list_find_state(B, D->N->rules[r].states[s]) < 0) {
                char p[PATH];
                snprintf(p, sizeof p, "$.rules[%d].states[%d]", r, s);
                return lasalle_list_load_fail(D, p, "expected the id of a minor state");
            }
    return 0;
}

static int json_file(const struct dirent *d)
{
    size_t n = strlen(d->d_name);
    return n > 5 && d->d_name[0] != '.' && strcmp(d->d_name + n - 5, ".json") == 0;
}

/* loads one file of the folder by its "format" */
static int load_one(lasalle_list_book *B, const char *path, gr_error *err)
{
    json_t *root = gr_json_load_file(path, err);
    if (!root) return -1;
    const char *fmt = json_string_value(json_object_get(root, "format"));
    bool states = fmt && !strcmp(fmt, "lasalle-minor-states");
    json_decref(root);
    if (states) return lasalle_list_load_states(path, B, err);
    if (B->nnations >= LASALLE_LIST_MAX_NATIONS)
        return gr_error_set(err, "%s: more than %d nation files", path, LASALLE_LIST_MAX_NATIONS);
    if (lasalle_list_load_nation(path, &B->nations[B->nnations], err)) return -1;
    if (lasalle_list_find_nation(B, B->nations[B->nnations].id) >= 0)
        return gr_error_set(err, "%s: $.id: nation \"%s\" has another file", path, B->nations[B->nnations].id);
    B->nnations++;
    return 0;
}

static int load_dir(lasalle_list_book *B, gr_error *err)
{
    struct dirent **names = NULL;
    int n = scandir(B->dir, &names, json_file, alphasort);
    if (n < 0) return gr_error_set(err, "cannot read the folder %s", B->dir);
    int rc = 0;
    for (int i = 0; i < n; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", B->dir, names[i]->d_name);
        if (!rc && load_one(B, path, err)) rc = -1;
        free(names[i]);
    }
    free(names);
    if (!rc && !B->nstates)
        return gr_error_set(err, "%s: no minor-states file (\"format\": \"lasalle-minor-states\")", B->dir);
    if (!rc && !B->nnations) return gr_error_set(err, "%s: no nation files", B->dir);
    return rc;
}

lasalle_list_book *lasalle_list_load_book(const char *dir, gr_error *err)
{
    gr_error_clear(err);
    lasalle_list_book *B = calloc(1, sizeof *B);
    if (!B) {
        gr_error_set(err, "out of memory");
        return NULL;
    }
    if (dir)
        snprintf(B->dir, sizeof B->dir, "%s", dir);
    else if (lasalle_list_dir(B->dir, sizeof B->dir)) {
        gr_error_set(err, "cannot find data/lasalle/armies (set GROGNARD_ROOT to the checkout)");
        free(B);
        return NULL;
    }
    int rc = load_dir(B, err);
    lasalle_list_loader D = {"", err, NULL};
    if (!rc) rc = check_states(&D, B);
    for (int i = 0; !rc && i < B->nnations; i++) {
        D.N = &B->nations[i];
        D.file = D.N->file;
        rc = check_nation(&D, B);
    }
    if (rc) {
        free(B);
        return NULL;
    }
    return B;
}
