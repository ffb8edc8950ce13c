/* positions.c - the bundled scenarios at a few points of a seeded random
 * game (positions.h). */
#include "positions.h"
#include "harness.h"
#include "../../engine/core/fsutil.h"
#include "../../engine/core/play.h"
#include "../../engine/core/rng.h"
#include "../../engine/registry.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* decisions played before each stored position */
static const int fuzz_depths[] = {0, 5, 20};
#define FUZZ_NDEPTHS ((int)(sizeof fuzz_depths / sizeof *fuzz_depths))

static int by_name(const struct dirent **a, const struct dirent **b) { return strcmp((*a)->d_name, (*b)->d_name); }

/* the positions of one loaded game */
static void add_positions(fuzz_positions *P, int gi)
{
    const gr_game *g = &P->games[gi];
    gr_dice dice;
    gr_dice_init_rng(&dice, 7, 1);
    gr_rng rng;
    gr_rng_seed(&rng, 7, 2);
    void *st = calloc(1, g->rs->rules->state_size);
    if (!st) return;
    g->rs->rules->init(g->scn, st);
    int played = 0;
    for (int k = 0; k < FUZZ_NDEPTHS && P->n < FUZZ_MAX_POSITIONS; k++) {
        for (; played < fuzz_depths[k] && g->rs->rules->to_move(g->scn, st) != GR_TERMINAL; played++) {
            gr_action a;
            if (gr_play_random_legal(g, st, &rng, &a)) break;
            if (fuzz_apply(g, st, &a, &dice, NULL)) break;
        }
        void *copy = malloc(g->rs->rules->state_size);
        if (!copy) break;
        memcpy(copy, st, g->rs->rules->state_size);
        P->pos[P->n++] = (fuzz_position){g, copy, P->files[gi], k};
    }
    free(st);
}

static void add_ruleset(fuzz_positions *P, const char *name)
{
    char rel[256], dir[1024];
    snprintf(rel, sizeof rel, "scenarios/%s", name);
    if (gr_find_data(rel, dir, sizeof dir)) return;
    struct dirent **ents = NULL;
    int n = scandir(dir, &ents, NULL, by_name);
    for (int i = 0; i < n; i++) {
        size_t len = strlen(ents[i]->d_name);
        if (len > 5 && !strcmp(ents[i]->d_name + len - 5, ".json") && P->ngames < FUZZ_MAX_GAMES) {
            int gi = P->ngames;
            snprintf(P->files[gi], sizeof P->files[gi], "%s/%s", rel, ents[i]->d_name);
            if (fuzz_load_bundled(&P->games[gi], P->files[gi]) == 0) {
                P->ngames++;
                add_positions(P, gi);
            }
        }
        free(ents[i]);
    }
    free(ents);
}

fuzz_positions *fuzz_positions_build(void)
{
    fuzz_positions *P = calloc(1, sizeof *P);
    if (!P) return NULL;
    for (int r = 0; r < gr_ruleset_count(); r++) add_ruleset(P, gr_ruleset_at(r)->name);
    if (P->n == 0) {
        fprintf(stderr, "fuzz: no bundled scenario could be loaded\n");
        free(P);
        return NULL;
    }
    return P;
}
