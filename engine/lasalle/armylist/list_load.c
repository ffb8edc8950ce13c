/* list_load.c - reading one Army Builder file: a nation's file (its army
 * types with their core lists per theatre, attacker's bonus and support
 * offers, then its tables and rules) or minor-states.json (the states that
 * supply allied brigades, and their shared subcommander table). The format
 * is in docs/lasalle-armies.md. */
#include "internal.h"

#include <stdio.h>
#include <string.h>

#define PATH LASALLE_LIST_PATH

static int read_core(lasalle_list_loader *D, json_t *o, const char *path, uint8_t taken, lasalle_list_core *c)
{
    static const char *const keys[] = {"theatres", "units", "attacker_bonus", "conf", "ref", "note"};
    if (gr_json_only_keys(o, path, keys, LASALLE_LIST_COUNT(keys), D->err)) return lasalle_list_load_prefix(D);
    char p[PATH], names[160];
    if (!json_object_get(o, "theatres")) return lasalle_list_load_fail(D, path, "missing \"theatres\"");
    if (lasalle_list_read_theatres(D, o, path, "theatres", D->N->theatres, 0, &c->theatres)) return -1;
    gr_json_path_key(p, sizeof p, path, "theatres");
    if (c->theatres & taken)
        return lasalle_list_load_fail(D, p, "another core list of this army type already serves %s",
                                      lasalle_list_theatres_text(c->theatres & taken, names, sizeof names));
    json_t *arr = gr_json_array(o, path, "units", true, 1, LASALLE_LIST_MAX_ITEMS, D->err);
    json_t *bon = arr ? gr_json_array(o, path, "attacker_bonus", true, 1, LASALLE_LIST_MAX_BONUS, D->err) : NULL;
    if (!bon) return lasalle_list_load_prefix(D);
    gr_json_path_key(p, sizeof p, path, "units");
    if (lasalle_list_read_items(D, arr, p, true, c->items, LASALLE_LIST_MAX_ITEMS, &c->nitems)) return -1;
    gr_json_path_key(p, sizeof p, path, "attacker_bonus");
    if (lasalle_list_read_items(D, bon, p, false, c->bonus, LASALLE_LIST_MAX_BONUS, &c->nbonus)) return -1;
    int units = 0;
    for (int i = 0; i < c->nitems; i++)
        if (c->items[i].kind != LASALLE_LIST_ITEM_SK) units += c->items[i].n;
    if (units < 2)
        return lasalle_list_load_fail(D, path, "a core list needs at least 2 units to make a Force (K p.95)");
    return lasalle_list_read_meta(D, o, path, D->N->refs_lists, &c->conf, c->ref, c->note);
}

static int read_offer(lasalle_list_loader *D, json_t *o, const char *path, int kind, uint8_t within,
                      lasalle_list_offer *f)
{
    static const char *const keys[] = {"brigade", "state", "theatres", "conf"};
    if (gr_json_only_keys(o, path, keys, LASALLE_LIST_COUNT(keys), D->err)) return lasalle_list_load_prefix(D);
    memset(f, 0, sizeof *f);
    f->kind = (uint8_t)kind;
    f->target = -1;
    int c = LASALLE_LIST_CONF_HIGH;
    if (gr_json_enum(o, path, "conf", false, lasalle_list_conf_ids, LASALLE_LIST_CONF_COUNT, &c, D->err))
        return lasalle_list_load_prefix(D);
    f->conf = (uint8_t)c;
    if (lasalle_list_read_theatres(D, o, path, "theatres", within, within, &f->theatres)) return -1;
    if (kind == LASALLE_LIST_SUP_ALLIED) {
        if (json_object_get(o, "brigade")) return lasalle_list_load_fail(D, path, "an allied offer names a \"state\"");
        if (gr_json_string(o, path, "state", true, f->state, sizeof f->state, D->err))
            return lasalle_list_load_prefix(D);
        return 0;
    }
    char name[LASALLE_LIST_NAME], p[PATH];
    if (json_object_get(o, "state")) return lasalle_list_load_fail(D, path, "only an allied offer names a state");
    if (gr_json_string(o, path, "brigade", true, name, sizeof name, D->err)) return lasalle_list_load_prefix(D);
    f->target = (int16_t)lasalle_list_find_brigade(D->N, name, -1);
    gr_json_path_key(p, sizeof p, path, "brigade");
    if (f->target < 0) return lasalle_list_load_fail(D, p, "expected a brigade of %s's \"brigades\"", D->N->name);
    return 0;
}

static int read_offers(lasalle_list_loader *D, json_t *o, const char *path, uint8_t within, lasalle_list_army_type *A)
{
    if (gr_json_only_keys(o, path, lasalle_list_support_ids, LASALLE_LIST_SUP_COUNT, D->err))
        return lasalle_list_load_prefix(D);
    for (int kind = 0; kind < LASALLE_LIST_SUP_COUNT; kind++) {
        char p[PATH], q[PATH];
        json_t *arr = gr_json_array(o, path, lasalle_list_support_ids[kind], false, 0, LASALLE_LIST_MAX_OFFERS, D->err);
        if (!arr && D->err->set) return lasalle_list_load_prefix(D);
        gr_json_path_key(p, sizeof p, path, lasalle_list_support_ids[kind]);
        if (arr && json_array_size(arr) && kind == LASALLE_LIST_SUP_ALLIED && !D->N->allies)
            return lasalle_list_load_fail(D, p, "%s may not take allied brigades (\"allies\" is false)", D->N->name);
        if (arr && json_array_size(arr) && kind == LASALLE_LIST_SUP_RESERVE && !D->N->reserves)
            return lasalle_list_load_fail(D, p, "%s has no reserve brigades (\"reserves\" is false)", D->N->name);
        for (size_t i = 0; arr && i < json_array_size(arr); i++) {
            gr_json_path_index(q, sizeof q, p, i);
            if (A->noffers >= LASALLE_LIST_MAX_OFFERS) return lasalle_list_load_fail(D, q, "too many support offers");
            lasalle_list_offer *f = &A->offers[A->noffers];
            if (read_offer(D, json_array_get(arr, i), q, kind, within, f)) return -1;
            for (int k = 0; k < A->noffers; k++)
                if (A->offers[k].kind == kind && A->offers[k].target == f->target &&
                    !strcmp(A->offers[k].state, f->state) && (A->offers[k].theatres & f->theatres))
                    return lasalle_list_load_fail(D, q, "this support choice is offered twice for the same theatre");
            A->noffers++;
        }
    }
    return 0;
}

static int read_army(lasalle_list_loader *D, json_t *o, const char *path, lasalle_list_army_type *A)
{
    static const char *const keys[] = {"id", "name", "role_modifier", "cores", "support", "ref", "note"};
    if (gr_json_only_keys(o, path, keys, LASALLE_LIST_COUNT(keys), D->err)) return lasalle_list_load_prefix(D);
    if (gr_json_string(o, path, "id", true, A->id, sizeof A->id, D->err) ||
        gr_json_string(o, path, "name", true, A->name, sizeof A->name, D->err))
        return lasalle_list_load_prefix(D);
    A->mod_role = -1;
    json_t *m = gr_json_object(o, path, "role_modifier", false, D->err);
    if (D->err->set) return lasalle_list_load_prefix(D);
    if (m) {
        char p[PATH];
        int role = 0;
        long add = 0;
        gr_json_path_key(p, sizeof p, path, "role_modifier");
        if (gr_json_enum(m, p, "role", true, lasalle_list_role_ids, LASALLE_LIST_ROLE_COUNT, &role, D->err) ||
            gr_json_int(m, p, "add", true, 1, 6, &add, D->err))
            return lasalle_list_load_prefix(D);
        A->mod_role = (int8_t)role;
        A->mod = (int8_t)add;
    }
    uint8_t cons = 0;
    snprintf(A->ref, sizeof A->ref, "%s", D->N->refs_lists);
    if (gr_json_string(o, path, "ref", false, A->ref, sizeof A->ref, D->err) ||
        gr_json_string(o, path, "note", false, A->note, sizeof A->note, D->err))
        return lasalle_list_load_prefix(D);
    json_t *cores = gr_json_array(o, path, "cores", true, 1, LASALLE_LIST_MAX_CORES, D->err);
    if (!cores) return lasalle_list_load_prefix(D);
    char p[PATH], q[PATH];
    gr_json_path_key(p, sizeof p, path, "cores");
    for (size_t i = 0; i < json_array_size(cores); i++) {
        gr_json_path_index(q, sizeof q, p, i);
        if (read_core(D, json_array_get(cores, i), q, cons, &A->cores[i])) return -1;
        cons |= A->cores[i].theatres;
        A->ncores++;
    }
    json_t *sup = gr_json_object(o, path, "support", true, D->err);
    if (!sup) return lasalle_list_load_prefix(D);
    gr_json_path_key(p, sizeof p, path, "support");
    return read_offers(D, sup, p, cons, A);
}

int lasalle_list_read_armies(lasalle_list_loader *D, json_t *arr, const char *path)
{
    for (size_t i = 0; i < json_array_size(arr); i++) {
        char p[PATH];
        gr_json_path_index(p, sizeof p, path, i);
        lasalle_list_army_type *A = &D->N->armies[D->N->narmies];
        if (read_army(D, json_array_get(arr, i), p, A)) return -1;
        for (int k = 0; k < D->N->narmies; k++)
            if (!strcmp(D->N->armies[k].id, A->id))
                return lasalle_list_load_fail(D, p, "army type \"%s\" twice", A->id);
        D->N->narmies++;
    }
    return 0;
}

/* a lower-case id of letters and hyphens */
static bool good_id(const char *s)
{
    if (!*s) return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || *s == '-')) return false;
    return true;
}

int lasalle_list_read_body(lasalle_list_loader *D, json_t *o, const char *path)
{
    lasalle_list_nation *N = D->N;
    char p[PATH];
    if (gr_json_string(o, path, "id", true, N->id, sizeof N->id, D->err) ||
        gr_json_string(o, path, "name", true, N->name, sizeof N->name, D->err) ||
        gr_json_string(o, path, "adjective", true, N->adjective, sizeof N->adjective, D->err) ||
        gr_json_string(o, path, "note", false, N->note, sizeof N->note, D->err))
        return lasalle_list_load_prefix(D);
    gr_json_path_key(p, sizeof p, path, "id");
    if (!good_id(N->id)) return lasalle_list_load_fail(D, p, "expected an id of lower-case letters and hyphens");
    if (!json_object_get(o, "theatres")) return lasalle_list_load_fail(D, path, "missing \"theatres\"");
    if (lasalle_list_read_theatres(D, o, path, "theatres", LASALLE_LIST_TH_ALL, 0, &N->theatres)) return -1;
    json_t *u = gr_json_array(o, path, "units", true, 1, LASALLE_LIST_MAX_UNITS, D->err);
    json_t *b = u ? gr_json_array(o, path, "artillery", true, 1, LASALLE_LIST_MAX_BATTERIES, D->err) : NULL;
    json_t *g = b ? gr_json_array(o, path, "brigades", true, 0, LASALLE_LIST_MAX_BRIGADES, D->err) : NULL;
    if (!g) return lasalle_list_load_prefix(D);
    gr_json_path_key(p, sizeof p, path, "units");
    if (lasalle_list_read_units(D, u, p)) return -1;
    gr_json_path_key(p, sizeof p, path, "artillery");
    if (lasalle_list_read_batteries(D, b, p)) return -1;
    gr_json_path_key(p, sizeof p, path, "brigades");
    return lasalle_list_read_brigades(D, g, p);
}
