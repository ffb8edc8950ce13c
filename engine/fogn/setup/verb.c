/* verb.c - fogn's "setup" verb (verbs.h): a points battle set up from two
 * army files by the rules of §17 (setup.h, docs/setup.md).
 *   grognard setup ARMY_A ARMY_B [--seed N] [--out FILE] [--svg FILE] [--log]
 *       ARMY_A takes the south edge, ARMY_B the north; the scenario goes to
 *       FILE (or standard output), the report of rolls and choices to stderr
 *   grognard setup --sweep N [--seed FIRST] [--decisions N] [--keep DIR]
 *       every ordered pair of the example armies over N seeds from FIRST
 *       (sweep.h): how many scenarios were made, loaded, passed the checks,
 *       and were played by two random players to the end within the decision
 *       limit; failing games kept in DIR
 * Exit status: 0 done (a sweep with every scenario good), 1 failure, 2 bad usage. */
#include "setup.h"
#include "sweep.h"
#include "../verbs.h"
#include "../../core/args.h"
#include "../../core/fsutil.h"
#include "../../core/play.h"
#include "../../registry.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SWEEP_DECISIONS 30000
/* a number's digits, for the help */
#define SETUP_STR_(x) #x
#define SETUP_STR(x) SETUP_STR_(x)

static const char *const SETUP_USAGE =
    "usage: grognard setup ARMY_A ARMY_B [--seed N] [--out FILE] [--svg FILE] [--log]\n"
    "                       [--reserve a|b|both] [--flank-march left-front|left-rear|right-front|right-rear]\n"
    "       grognard setup --sweep N [--seed FIRST] [--decisions N] [--keep DIR]\n"
    "  --reserve: that army keeps its last division off the table, to come on in the centre of its\n"
    "             edge (§17.5); --flank-march: the attacker's last division comes on from a side edge\n"
    "             (left/right as the attacker sees it; front = the enemy's half) (§8.1, §17.5)\n";

static char *dump(json_t *root)
{
    return json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
}

static int do_setup(const char *fa, const char *fb, unsigned long long seed, const char *out, const char *svg,
                    bool show_log, const fogn_setup_options *opt, const gr_host *host)
{
    gr_error err;
    gr_error_clear(&err);
    fogn_setup_side a = {0}, b = {0};
    if (fogn_setup_side_load(fa, true, &a, &err) || fogn_setup_side_load(fb, true, &b, &err)) {
        fprintf(stderr, "grognard setup: %s\n", err.msg);
        fogn_setup_side_free(&a);
        return 1;
    }
    gr_log log;
    gr_log_init(&log);
    gr_dice dice;
    gr_dice_init_rng(&dice, seed, FOGN_SETUP_DICE_STREAM);
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
    fogn_setup_side_free(&a);
    fogn_setup_side_free(&b);
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
    const char *out = NULL, *svg = NULL, *reserve = NULL, *flank = NULL, *keep = NULL;
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
        GR_ARGS_OPT_LONG("--sweep", &sweep, 1, 100000, "N",
                         "every ordered pair of the example armies over N seeds (from --seed)"),
        GR_ARGS_OPT_STRING("--keep", &keep, "DIR", "the sweep keeps each failing game there: scenario and record"),
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
    if (sweep > 0) {
        fogn_sweep_opts so = {.first_seed = seed, .nseeds = (int)sweep, .decisions = (int)decisions, .keep = keep};
        return fogn_setup_sweep(&so);
    }
    if (keep) return gr_args_fail(&spec, "--keep goes with --sweep");
    if (files.n != 2) return gr_args_fail(&spec, "ARMY_A and ARMY_B are needed (or --sweep N)");
    return do_setup(files.v[0], files.v[1], seed, out, svg, show_log, &opt, host);
}
