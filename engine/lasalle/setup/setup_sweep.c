/* setup_sweep.c - many setups in a row, for tests and the `--sweep` check:
 * every pair of the armies named (army files or list ids), each over a
 * range of seeds, each scenario made, loaded and its opening position
 * checked; the counts, the first failures, and progress as it goes. */
#include "setup.h"
#include "../../core/fsutil.h"

#include <dirent.h>
#include <stdlib.h>

#include <stdio.h>
#include <string.h>

/* the dice stream of the sweep (the verb's) */
#define SWEEP_STREAM 0x4C53455455ull

static void fail(lasalle_setup_sweep_result *r, const char *a, const char *b, unsigned long long seed,
                 const char *msg, FILE *progress)
{
    r->failed++;
    if (progress && r->failed <= LASALLE_SETUP_SWEEP_SHOW)
        fprintf(progress, "  %s vs %s, seed %llu: %s\n", a, b, seed, msg);
    if (r->failed == 1) snprintf(r->first, sizeof r->first, "%s vs %s, seed %llu: %s", a, b, seed, msg);
}

int lasalle_setup_sweep(const lasalle_list_book *B, const char *const *names, int n, unsigned long long seed_lo,
                        unsigned long long seed_hi, FILE *progress, lasalle_setup_sweep_result *r)
{
    memset(r, 0, sizeof *r);
    long pairs = (long)n * (n + 1) / 2, done = 0, step = pairs / 20 ? pairs / 20 : 1;
    for (int i = 0; i < n; i++)
        for (int j = i; j < n; j++, done++) {
            const char *what[2] = {names[i], names[j]};
            for (unsigned long long s = seed_lo; s <= seed_hi; s++) {
                gr_error err;
                gr_error_clear(&err);
                gr_dice d;
                gr_dice_init_rng(&d, s, SWEEP_STREAM);
                r->tried++;
                json_t *root = lasalle_setup_generate(B, what, &d, NULL, s, &err);
                if (!root) {
                    fail(r, names[i], names[j], s, err.msg, progress);
                    continue;
                }
                r->made++;
                if (lasalle_setup_check(root, &err)) fail(r, names[i], names[j], s, err.msg, progress);
                else r->valid++;
                json_decref(root);
            }
            if (progress && (done + 1) % step == 0)
                fprintf(progress, "  [%3ld%%] %ld of %ld pairs: %ld scenarios, %ld valid, %ld failed\n",
                        (done + 1) * 100 / pairs, done + 1, pairs, r->tried, r->valid, r->failed);
        }
    return r->failed ? -1 : 0;
}

static int is_json(const struct dirent *d)
{
    size_t n = strlen(d->d_name);
    return d->d_name[0] != '.' && n > 5 && !strcmp(d->d_name + n - 5, ".json");
}

int lasalle_setup_bundled(const lasalle_list_book *B, char (*names)[LASALLE_SETUP_PATH], int cap)
{
    int n = 0;
    lasalle_list_ref l;
    for (int i = 0; n < cap && !lasalle_list_nth(B, i, &l); i++) lasalle_list_id(B, &l, names[n++], LASALLE_SETUP_PATH);
    char dir[LASALLE_SETUP_PATH - 64];
    if (gr_find_data("data/lasalle/armies/examples", dir, sizeof dir)) return n;
    struct dirent **ents = NULL;
    int nf = scandir(dir, &ents, is_json, alphasort);
    for (int i = 0; i < nf; i++) {
        if (n < cap && strlen(dir) + strlen(ents[i]->d_name) + 2 <= LASALLE_SETUP_PATH) {
            memcpy(names[n], dir, strlen(dir));
            names[n][strlen(dir)] = '/';
            memcpy(names[n] + strlen(dir) + 1, ents[i]->d_name, strlen(ents[i]->d_name) + 1);
            n++;
        }
        free(ents[i]);
    }
    free(ents);
    return n;
}
