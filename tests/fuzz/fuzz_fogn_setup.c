/* fuzz_fogn_setup.c - libFuzzer harness: an input as the first army file of
 * `grognard setup ARMY_A ARMY_B` (§17, docs/setup.md). As the verb does, the
 * army is loaded, its list found (the bundled lists, loaded once) and an
 * army that breaks its list is refused; a legal one is set up against a
 * bundled example army with the seed and the off-table choices taken from the
 * input's size, and the scenario made must pass fogn_setup_check and load
 * (a legal army that yields a broken scenario is a finding).
 * Seeds: tests/fuzz/corpus/fogn_setup/. */
#include "harness.h"
#include "../../engine/fogn/armylist/armylist.h"
#include "../../engine/fogn/setup/setup.h"
#include "../../engine/core/fsutil.h"
#include "../../engine/core/play.h"
#include "../../engine/registry.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FUZZ_MAX_SIDES 32
/* the dice stream of a setup, as the verb uses */
#define FUZZ_SETUP_STREAM 0x5e7u

typedef struct fuzz_side {
    fogn_army *army;
    fogn_army_list *list;
} fuzz_side;

typedef struct fuzz_sides {
    int n;
    fuzz_side s[FUZZ_MAX_SIDES];
} fuzz_sides;

/* the bundled example armies with their lists, loaded once and only read after */
static fuzz_sides *sides;

static void load_sides(fuzz_sides *S)
{
    char dir[1024];
    if (gr_find_data("data/fogn/armies/examples", dir, sizeof dir)) return;
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d)) && S->n < FUZZ_MAX_SIDES) {
        size_t n = strlen(e->d_name);
        if (n < 6 || strcmp(e->d_name + n - 5, ".json")) continue;
        char path[2048];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        gr_error err;
        gr_error_clear(&err);
        fuzz_side *s = &S->s[S->n];
        s->army = fogn_army_load_file(path, &err);
        s->list = s->army ? fogn_list_load_id(s->army->list, &err) : NULL;
        if (s->list) S->n++;
        else free(s->army);
    }
    closedir(d);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_setup_root();
    fuzz_sides *S = calloc(1, sizeof *S);
    if (!S) return 0;
    load_sides(S);
    sides = S;
    return 0;
}

static const fogn_army_list *find_list(const char *id)
{
    for (int i = 0; sides && i < sides->n; i++)
        if (!strcmp(sides->s[i].list->id, id)) return sides->s[i].list;
    return NULL;
}

/* the verb's strict load: NULL when the army is refused or breaks its list */
static fogn_army *legal_army(const uint8_t *data, size_t size, const fogn_army_list **list)
{
    char path[64];
    int fd = fuzz_memfile(data, size, path, sizeof path);
    if (fd < 0) return NULL;
    gr_error err;
    gr_error_clear(&err);
    fogn_army *a = fogn_army_load_file(path, &err);
    close(fd);
    if (!a) return NULL;
    *list = find_list(a->list);
    fogn_army_report *r = *list ? malloc(sizeof *r) : NULL;
    if (!r || fogn_army_check(*list, a, r) > 0) {
        free(r);
        free(a);
        return NULL;
    }
    free(r);
    return a;
}

static void check_scenario(json_t *root)
{
    gr_error err;
    gr_error_clear(&err);
    if (fogn_setup_check(root, &err)) fuzz_fail("a legal army set up a broken scenario: %s", err.msg);
    gr_game g;
    gr_error_clear(&err);
    if (gr_game_from_json(&g, root, "(setup)", &err) || gr_game_check_start(&g, &err))
        fuzz_fail("the scenario set up does not load: %s", err.msg);
    gr_game_free(&g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!sides || sides->n == 0) return 0;
    const fogn_army_list *la = NULL;
    fogn_army *a = legal_army(data, size, &la);
    if (!a) return 0;
    const fuzz_side *b = &sides->s[size % (size_t)sides->n];
    fogn_setup_options opt = {.reserve = {(size & 1) != 0, (size & 2) != 0}, .flank_edge = FOGN_SETUP_NO_FLANK};
    gr_log log;
    gr_log_init(&log);
    gr_dice dice;
    gr_dice_init_rng(&dice, (unsigned long long)size, FUZZ_SETUP_STREAM);
    gr_dice_set_log(&dice, &log);
    gr_error err;
    gr_error_clear(&err);
    json_t *root = fogn_setup_generate_with(la, a, b->list, b->army, &opt, &dice, &log, &err);
    if (root) check_scenario(root);
    else fuzz_refused("the setup", &err);
    json_decref(root);
    gr_log_free(&log);
    free(a);
    return 0;
}
