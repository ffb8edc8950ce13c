/* verb.c - fogn's "setup" verb (verbs.h): a points battle set up from two
 * army files by the rules of §17 (setup.h, docs/setup.md).
 *   grognard setup ARMY_A ARMY_B [--seed N] [--out FILE] [--svg FILE] [--log]
 *       ARMY_A takes the south edge, ARMY_B the north; the scenario goes to
 *       FILE (or standard output), the report of rolls and choices to stderr
 *   grognard setup --sweep N [--decisions N]
 *       every ordered pair of the example armies over seeds 1..N: how many
 *       scenarios were made, loaded, passed the checks, and were played by two
 *       random players to the end within the decision limit
 * Exit status: 0 done (a sweep with every scenario good), 1 failure, 2 bad usage. */
#include "setup.h"
#include "setup_cover.h"
#include "../verbs.h"
#include "../../core/args.h"
#include "../../core/fsutil.h"
#include "../../core/play.h"
#include "../../registry.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* the dice stream of a setup (games use stream 1) */
#define SETUP_DICE_STREAM 0x5e7u
#define SWEEP_DECISIONS 30000
#define SWEEP_MAX_ARMIES 32
#define SWEEP_SHOW_FAILURES 10
/* a number's digits, for the help */
#define SETUP_STR_(x) #x
#define SETUP_STR(x) SETUP_STR_(x)

static const char *const SETUP_USAGE =
    "usage: grognard setup ARMY_A ARMY_B [--seed N] [--out FILE] [--svg FILE] [--log]\n"
    "                       [--reserve a|b|both] [--flank-march left-front|left-rear|right-front|right-rear]\n"
    "       grognard setup --sweep N [--decisions N]\n"
    "  --reserve: that army keeps its last division off the table, to come on in the centre of its\n"
    "             edge (§17.5); --flank-march: the attacker's last division comes on from a side edge\n"
    "             (left/right as the attacker sees it; front = the enemy's half) (§8.1, §17.5)\n";

typedef struct side_in {
    fogn_army *army;
    fogn_army_list *list;
} side_in;

static void side_free(side_in *s)
{
    free(s->army);
    free(s->list);
    s->army = NULL;
    s->list = NULL;
}

/* loads an army and its list; with `strict`, an illegal army is refused */
static int side_load(const char *path, bool strict, side_in *out, gr_error *err)
{
    out->army = fogn_army_load_file(path, err);
    if (!out->army) return -1;
    out->list = fogn_list_load_id(out->army->list, err);
    if (!out->list) {
        gr_error_prefix(err, "%s: ", path);
        side_free(out);
        return -1;
    }
    if (!strict) return 0;
    fogn_army_report *r = malloc(sizeof *r);
    if (!r) return gr_error_set(err, "out of memory");
    int n = fogn_army_check(out->list, out->army, r);
    if (n > 0) {
        for (int i = 0; i < r->nbreaches; i++) fprintf(stderr, "  %s\n", r->b[i].msg);
        gr_error_set(err, "%s: the army breaks %d rule%s of list %s (grognard army check)", path, n, n == 1 ? "" : "s",
                     out->list->id);
        free(r);
        side_free(out);
        return -1;
    }
    free(r);
    return 0;
}

static char *dump(json_t *root)
{
    return json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
}

static int do_setup(const char *fa, const char *fb, unsigned long long seed, const char *out, const char *svg,
                    bool show_log, const fogn_setup_options *opt, const gr_host *host)
{
    gr_error err;
    gr_error_clear(&err);
    side_in a = {0}, b = {0};
    if (side_load(fa, true, &a, &err) || side_load(fb, true, &b, &err)) {
        fprintf(stderr, "grognard setup: %s\n", err.msg);
        side_free(&a);
        return 1;
    }
    gr_log log;
    gr_log_init(&log);
    gr_dice dice;
    gr_dice_init_rng(&dice, seed, SETUP_DICE_STREAM);
    gr_dice_set_log(&dice, &log);
    json_t *root = fogn_setup_generate_with(a.list, a.army, b.list, b.army, opt, &dice, &log, &err);
    int rc = 1;
    char *text = NULL;
    void *st = NULL;
    gr_game g;
    memset(&g, 0, sizeof g);
    if (show_log) gr_print_log(&log, 0, stderr);
    if (!root) {
        fprintf(stderr, "grognard setup: %s\n", err.msg);
        goto done;
    }
    const char *name = out ? out : "setup";
    if (fogn_setup_check(root, &err) || gr_game_from_json(&g, root, name, &err) || gr_game_check_start(&g, &err)) {
        fprintf(stderr, "grognard setup: the scenario made is not valid: %s\n", err.msg);
        goto done;
    }
    text = dump(root);
    if (!text) {
        fprintf(stderr, "grognard setup: out of memory\n");
        goto done;
    }
    size_t len = strlen(text);
    if (out) {
        text[len] = '\n';
        int w = gr_write_atomic(out, text, len + 1, &err);
        text[len] = '\0';
        if (w) {
            fprintf(stderr, "grognard setup: %s\n", err.msg);
            goto done;
        }
    } else {
        printf("%s\n", text);
    }
    if (svg) {
        st = calloc(1, g.rs->rules->state_size);
        if (!st) goto done;
        g.rs->rules->init(g.scn, st);
        if (!host || !host->write_map) {
            fprintf(stderr, "grognard setup: --svg: this program draws no maps\n");
            goto done;
        }
        if (host->write_map(&g, st, svg, &err)) {
            fprintf(stderr, "grognard setup: %s\n", err.msg);
            goto done;
        }
    }
    json_t *sides = json_object_get(root, "sides");
    long first = (long)json_integer_value(json_object_get(root, "first_side"));
    fprintf(stderr, "setup (seed %llu): %s attacks; %zu terrain pieces, %zu units, %zu objectives%s%s%s%s\n", seed,
            json_string_value(json_object_get(json_array_get(sides, (size_t)first), "name")),
            json_array_size(json_object_get(root, "terrain")), json_array_size(json_object_get(root, "units")),
            json_array_size(json_object_get(root, "objectives")), out ? "; scenario " : "", out ? out : "",
            svg ? "; map " : "", svg ? svg : "");
    rc = 0;
done:
    free(st);
    free(text);
    gr_game_free(&g);
    json_decref(root);
    gr_log_free(&log);
    side_free(&a);
    side_free(&b);
    return rc;
}

static int filter_json(const struct dirent *d)
{
    size_t n = strlen(d->d_name);
    return d->d_name[0] != '.' && n > 5 && strcmp(d->d_name + n - 5, ".json") == 0;
}

static int do_sweep(int nseeds, int decisions)
{
    char dir[1024];
    if (gr_find_data("data/fogn/armies/examples", dir, sizeof dir)) {
        fprintf(stderr, "grognard setup: cannot find data/fogn/armies/examples (set GROGNARD_ROOT)\n");
        return 1;
    }
    struct dirent **names = NULL;
    int nf = scandir(dir, &names, filter_json, alphasort);
    if (nf <= 0) {
        fprintf(stderr, "grognard setup: no army files in %s\n", dir);
        free(names);
        return 1;
    }
    side_in armies[SWEEP_MAX_ARMIES];
    char label[SWEEP_MAX_ARMIES][64];
    int na = 0, rc = 1;
    gr_error err;
    for (int i = 0; i < nf; i++) {
        char path[1400];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
        if (na < SWEEP_MAX_ARMIES) {
            gr_error_clear(&err);
            if (side_load(path, false, &armies[na], &err)) fprintf(stderr, "%s\n", err.msg);
            else snprintf(label[na++], sizeof label[0], "%.63s", names[i]->d_name);
        }
        free(names[i]);
    }
    free(names);
    long made = 0, loaded = 0, valid = 0, finished = 0, total = 0, shown = 0;
    time_t t0 = time(NULL);
    fogn_cover cov = {0};
    int tty = isatty(2);
    for (int i = 0; i < na; i++)
        for (int j = 0; j < na; j++)
            for (int seed = 1; seed <= nseeds; seed++) {
                total++;
                gr_dice dice;
                gr_dice_init_rng(&dice, (unsigned long long)seed, SETUP_DICE_STREAM);
                gr_error_clear(&err);
                /* every third seed the attacker flank-marches, every third both armies keep a reserve */
                fogn_setup_options opt = {.flank_edge = FOGN_SETUP_NO_FLANK};
                if (seed % 3 == 0) opt.flank_edge = FOGN_EDGE_RIGHT, opt.flank_sector = FOGN_SEC_FRONT;
                if (seed % 3 == 2) opt.reserve[0] = opt.reserve[1] = true;
                json_t *root = fogn_setup_generate_with(armies[i].list, armies[i].army, armies[j].list,
                                                        armies[j].army, &opt, &dice, NULL, &err);
                const char *stage = "made";
                gr_game g;
                memset(&g, 0, sizeof g);
                if (root) {
                    made++;
                    stage = "loaded";
                    if (!gr_game_from_json(&g, root, "sweep", &err)) {
                        loaded++;
                        stage = "checked";
                        if (!gr_game_check_start(&g, &err) && !fogn_setup_check(root, &err)) {
                            valid++;
                            stage = "played";
                            void *st = calloc(1, g.rs->rules->state_size);
                            if (st) {
                                g.rs->rules->init(g.scn, st);
                                gr_play_opts o = {.seed = (unsigned long long)seed, .max_decisions = decisions,
                                                  .check_invariants = 1, .after = fogn_cover_after, .ctx = &cov};
                                fogn_cover_table(&cov, g.scn);
                                if (gr_play_random(&g, st, NULL, NULL, &o, &err) >= 0) {
                                    if (g.rs->rules->to_move(g.scn, st) == GR_TERMINAL) finished++, stage = NULL;
                                    else gr_error_set(&err, "not over after %d decisions", decisions);
                                }
                                free(st);
                            }
                        }
                    }
                }
                if (stage && shown++ < SWEEP_SHOW_FAILURES)
                    fprintf(stderr, "%s  %s vs %s seed %d: not %s: %s\n", tty ? "\r" : "", label[i], label[j], seed, stage,
                            err.msg);
                if (tty && total % 10 == 0)
                    fprintf(stderr, "\rsetup sweep: %ld of %ld scenarios, %ld played to the end, %lds", total,
                            (long)na * na * nseeds, finished, (long)(time(NULL) - t0));
                gr_game_free(&g);
                json_decref(root);
            }
    if (tty) fputc('\n', stderr);
    printf("setup sweep: %d armies, %d ordered pairs, seeds 1..%d: %ld scenarios; made %ld, loaded %ld, "
           "validated %ld, random game played to the end %ld (decision limit %d); %lds\n",
           na, na * na, nseeds, total, made, loaded, valid, finished, decisions, (long)(time(NULL) - t0));
    fogn_cover_print(&cov, stdout);
    rc = finished == total ? 0 : 1;
    for (int i = 0; i < na; i++) side_free(&armies[i]);
    return rc;
}

/* --reserve and --flank-march into opt; 0, or 2 after the message */
static int setup_options(const gr_args_spec *spec, const char *reserve, const char *flank, fogn_setup_options *opt)
{
    if (reserve) {
        if (strcmp(reserve, "a") && strcmp(reserve, "b") && strcmp(reserve, "both"))
            return gr_args_fail(spec, "--reserve takes a, b or both (the army files in order), not '%s'", reserve);
        opt->reserve[0] = !strcmp(reserve, "a") || !strcmp(reserve, "both");
        opt->reserve[1] = !strcmp(reserve, "b") || !strcmp(reserve, "both");
    }
    if (flank) {
        static const struct { const char *name; int edge, sector; } fm[] = {
            {"left-front", FOGN_EDGE_LEFT, FOGN_SEC_FRONT}, {"left-rear", FOGN_EDGE_LEFT, FOGN_SEC_REAR},
            {"right-front", FOGN_EDGE_RIGHT, FOGN_SEC_FRONT}, {"right-rear", FOGN_EDGE_RIGHT, FOGN_SEC_REAR}};
        int k = 0;
        while (k < 4 && strcmp(flank, fm[k].name)) k++;
        if (k == 4)
            return gr_args_fail(spec, "--flank-march takes left-front, left-rear, right-front or right-rear, not '%s'",
                                flank);
        opt->flank_edge = fm[k].edge;
        opt->flank_sector = fm[k].sector;
    }
    return 0;
}

int fogn_setup_verb(int argc, char **argv, const gr_host *host)
{
    const char *out = NULL, *svg = NULL, *reserve = NULL, *flank = NULL;
    unsigned long long seed = 1;
    long sweep = 0, decisions = SWEEP_DECISIONS;
    int show_log = 0;
    char *pos[2];
    gr_args_list files = {pos, 0, 2};
    const gr_args_opt opts[] = {
        GR_ARGS_OPT_ULL("--seed", &seed, "N", "the seed of the setup's dice (default 1)"),
        GR_ARGS_OPT_STRING("--out", &out, "FILE", "where the scenario goes (default standard output)"),
        GR_ARGS_OPT_STRING("--svg", &svg, "FILE", "draw the table as set up"),
        GR_ARGS_OPT_FLAG("--log", &show_log, "every roll and choice of the setup, on standard error"),
        GR_ARGS_OPT_STRING("--reserve", &reserve, "a|b|both", "that army keeps its last division in reserve"),
        GR_ARGS_OPT_STRING("--flank-march", &flank, "SIDE", "the attacker's last division marches on from a side "
                                                             "edge: left-front, left-rear, right-front or right-rear"),
        GR_ARGS_OPT_LONG("--sweep", &sweep, 1, 100000, "N", "every ordered pair of the example armies over seeds 1..N"),
        GR_ARGS_OPT_LONG("--decisions", &decisions, 1, 10000000, "N",
                         "the sweep's decision limit a game (default " SETUP_STR(SWEEP_DECISIONS) ")"),
    };
    const gr_args_spec spec = {
        .verb = "grognard setup", .usage = SETUP_USAGE,
        .opts = opts, .nopts = GR_ARGS_COUNT(opts), .pos = &files, .pos_name = "ARMY_A ARMY_B",
    };
    int status;
    if (gr_args_parse(&spec, argc - 1, argv + 1, &status)) return status;
    fogn_setup_options opt = {.flank_edge = FOGN_SETUP_NO_FLANK};
    if (setup_options(&spec, reserve, flank, &opt)) return 2;
    if (sweep > 0) return do_sweep((int)sweep, (int)decisions);
    if (files.n != 2) return gr_args_fail(&spec, "ARMY_A and ARMY_B are needed (or --sweep N)");
    return do_setup(files.v[0], files.v[1], seed, out, svg, show_log, &opt, host);
}
