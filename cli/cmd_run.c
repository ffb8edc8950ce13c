/* cmd_run.c - playing and replaying: `grognard run` (validate, render, play
 * a whole battle between two players, MCTS against MCTS unless --players
 * says otherwise, telling it as it goes; write the record and the final map) and
 * `grognard replay` (re-apply a record and tell the battle). */
#include "commands.h"
#include "../engine/core/args.h"
#include "session.h"
#include "../ai/spec.h"
#include "../engine/core/narrate.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* the main job: two searching AIs with a budget that keeps a whole corps
 * battle (48 player-moves) well under a minute */
#define GR_RUN_DEFAULT_PLAYERS "mcts:ms=250,mcts:ms=250"


/* tells the battle as gr_play goes: each action's events under the side's name */
typedef struct run_teller {
    gr_narrator nar;
    size_t told;
    int quiet;
    int turn;                   /* the player-move under way */
    void *turn_start;           /* the position as it began: the final map draws its moves */
    void *prev_start;           /* as the player-move before it began: when the last one moved nothing */
} run_teller;

static void tell(void *ctx, const gr_game *g, const void *state, const gr_log *log)
{
    run_teller *t = ctx;
    if (log && !t->quiet) t->told = gr_narrate(&t->nar, log, t->told, stdout);
    int turn = g->rs->rules->turn(g->scn, state);
    if (turn != t->turn && t->turn_start && t->prev_start) {
        void *was = t->prev_start;
        t->prev_start = t->turn_start;
        t->turn_start = was;
        memcpy(t->turn_start, state, g->rs->rules->state_size);
        t->turn = turn;
    }
}

/* the final map, with the moves of the last player-move that moved a piece drawn as arrows */
static int final_map(const gr_game *g, const run_teller *t, const void *st, const char *path, gr_error *err)
{
    if (!t->turn_start || !t->prev_start) return gr_write_map(g, st, path, err);
    gr_map m;
    if (gr_map_build(&m, g, st, err)) return -1;
    int rc = gr_map_add_paths(&m, g, t->turn_start, err);
    if (!rc && m.in.npaths == 0) rc = gr_map_add_paths(&m, g, t->prev_start, err);
    if (!rc) rc = gr_svg_write_file(path, &m.in, err);
    gr_map_free(&m);
    return rc;
}

int gr_cmd_run(int argc, char **argv)
{
    const char *outdir = "out", *record_path = NULL, *players_spec = GR_RUN_DEFAULT_PLAYERS;
    unsigned long long seed = 1;
    long moves = 0; /* 0: the whole battle */
    int quiet = 0, whole = 0;
    char *pos[1];
    gr_args_list files = {pos, 0, 1};
    const gr_args_opt opts[] = {
        GR_ARGS_OPT_STRING("--players", &players_spec, "A,B", "side 0's player and side 1's (default " GR_RUN_DEFAULT_PLAYERS ")"),
        GR_ARGS_OPT_ULL("--seed", &seed, "N", "the seed of the dice and the players (default 1)"),
        GR_ARGS_OPT_LONG("--moves", &moves, 1, 1000, "N", "stop after N player-moves"),
        GR_ARGS_OPT_FLAG("--whole", &whole, "play the whole battle (the default; overrides --moves)"),
        GR_ARGS_OPT_STRING("--out", &outdir, "DIR", "where the maps and the record go (default out)"),
        GR_ARGS_OPT_STRING("--record", &record_path, "FILE", "the record's file (default DIR/record.json)"),
        GR_ARGS_OPT_FLAG("--quiet", &quiet, "do not tell the battle as it goes"),
    };
    const gr_args_spec spec = {
        .verb = "grognard run",
        .usage = "usage: grognard run [SCENARIO] [--players A,B] [--seed N] [--moves N | --whole] [--out DIR] [--record FILE] "
                 "[--quiet]\n",
        .opts = opts, .nopts = GR_ARGS_COUNT(opts), .pos = &files, .pos_name = "SCENARIO",
    };
    int status;
    if (gr_args_parse(&spec, argc, argv, &status)) return status;
    if (whole) moves = 0;
    const char *file = files.n ? files.v[0] : NULL;
    gr_error err;
    gr_error_clear(&err);
    char def[1024];
    if (!file) {
        if (gr_find_default_scenario(def, sizeof def, &err)) { fprintf(stderr, "grognard run: %s\n", err.msg); return 1; }
        file = def;
    }
    gr_game g;
    if (gr_game_load(&g, file, &err) || gr_game_check_start(&g, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    printf("scenario %s: valid (%s)\n", file, g.rs->title);
    if (mkdir(outdir, 0755) && errno != EEXIST) {
        fprintf(stderr, "grognard run: cannot create %s: %s\n", outdir, strerror(errno));
        gr_game_free(&g);
        return 1;
    }
    char start_svg[1100], end_svg[1100], rec_path[1100];
    if (strlen(outdir) > 1000 || (record_path && strlen(record_path) >= sizeof rec_path)) {
        fprintf(stderr, "grognard run: %s: the path is too long (at most %d bytes)\n", strlen(outdir) > 1000 ? "--out" : "--record",
                strlen(outdir) > 1000 ? 1000 : (int)sizeof rec_path - 1);
        gr_game_free(&g);
        return 2;
    }
    snprintf(start_svg, sizeof start_svg, "%s/start.svg", outdir);
    snprintf(end_svg, sizeof end_svg, "%s/final.svg", outdir);
    snprintf(rec_path, sizeof rec_path, "%s", record_path ? record_path : "");
    if (!record_path) snprintf(rec_path, sizeof rec_path, "%s/record.json", outdir);
    void *st = calloc(1, g.rs->rules->state_size);
    if (!st) { gr_game_free(&g); return 1; }
    g.rs->rules->init(g.scn, st);
    int rc = 1;
    gr_log log;
    gr_log_init(&log);
    gr_record rec;
    gr_record_init(&rec, &g, seed);
    gr_player *players[2] = {NULL, NULL};
    run_teller teller = {.told = 0, .quiet = quiet, .turn = g.rs->rules->turn(g.scn, st),
                         .turn_start = malloc(g.rs->rules->state_size), .prev_start = malloc(g.rs->rules->state_size)};
    if (teller.turn_start) memcpy(teller.turn_start, st, g.rs->rules->state_size);
    if (teller.prev_start) memcpy(teller.prev_start, st, g.rs->rules->state_size);
    if (gr_write_map(&g, st, start_svg, &err)) { fprintf(stderr, "%s\n", err.msg); goto done; }
    printf("map of the opening position: %s\n", start_svg);
    const char *names[2];
    gr_game_side_names(&g, names);
    gr_narrator_init(&teller.nar, names[0], names[1], 0);
    gr_play_opts o = {.seed = seed, .max_side_turns = (int)moves, .check_invariants = 1, .after = tell,
                      .ctx = &teller};
    if (gr_player_pair_create(players_spec, &g, seed, players, &err)) {
        fprintf(stderr, "grognard run: --players: %s\n", err.msg);
        goto done;
    }
    if (!quiet && g.rs->rules->to_move(g.scn, st) != GR_TERMINAL) {
        char opening[256];
        g.rs->present->describe_decision(g.scn, st, opening, sizeof opening);
        printf("\n== the battle opens: %s ==\n", opening);
    }
    const gr_chooser choosers[2] = {gr_player_chooser(players[0]), gr_player_chooser(players[1])};
    int n = gr_play(&g, st, choosers, &rec, &log, &o, &err);
    if (n < 0) { fprintf(stderr, "grognard run: %s\n", err.msg); goto done; }
    gr_result res;
    g.rs->rules->result(g.scn, st, &res);
    char desc[256];
    g.rs->present->describe_decision(g.scn, st, desc, sizeof desc);
    printf("\n%d decisions played by %s (seed %llu); %s\n", n, players_spec, seed, res.over ? res.reason : desc);
    if (gr_record_save(&rec, rec_path, &err)) { fprintf(stderr, "%s\n", err.msg); goto done; }
    /* the final map draws the last player-move's moves */
    if (final_map(&g, &teller, st, end_svg, &err)) { fprintf(stderr, "%s\n", err.msg); goto done; }
    printf("record: %s\nfinal map: %s (the last move's moves drawn as arrows)\n", rec_path, end_svg);
    rc = 0;
done:
    free(teller.turn_start);
    free(teller.prev_start);
    gr_player_free(players[0]);
    gr_player_free(players[1]);
    gr_record_free(&rec);
    gr_log_free(&log);
    free(st);
    gr_game_free(&g);
    return rc;
}

int gr_cmd_replay(int argc, char **argv)
{
    const char *svg = NULL;
    int verbose = 0;
    char *pos[1];
    gr_args_list files = {pos, 0, 1};
    const gr_args_opt opts[] = {
        GR_ARGS_OPT_STRING("--svg", &svg, "OUT.svg", "draw the final position"),
        GR_ARGS_OPT_FLAG("--verbose", &verbose, "tell every decision, the \"done\"s and the holds too"),
    };
    const gr_args_spec spec = {
        .verb = "grognard replay",
        .usage = "usage: grognard replay RECORD [--svg OUT.svg] [--verbose]\n",
        .opts = opts, .nopts = GR_ARGS_COUNT(opts), .pos = &files, .min_pos = 1, .pos_name = "a RECORD",
    };
    int status;
    if (gr_args_parse(&spec, argc, argv, &status)) return status;
    const char *file = files.v[0];
    gr_error err;
    gr_error_clear(&err);
    gr_record rec;
    if (gr_record_load(&rec, file, &err)) { fprintf(stderr, "%s\n", err.msg); return 1; }
    gr_game g;
    if (gr_game_from_json(&g, rec.scenario, rec.scenario_file[0] ? rec.scenario_file : file, &err)) {
        fprintf(stderr, "%s: embedded scenario: %s\n", file, err.msg);
        gr_record_free(&rec);
        return 1;
    }
    void *st = calloc(1, g.rs->rules->state_size);
    gr_log log;
    gr_log_init(&log);
    int rc = 1;
    if (st && gr_replay(&g, &rec, st, &log, &err) == 0) {
        gr_narrator nar;
        const char *names[2];
        gr_game_side_names(&g, names);
        gr_narrator_init(&nar, names[0], names[1], verbose);
        /* the opening move has no heading of its own in the log (it opens
         * before the first action): name it from a fresh state */
        void *first = calloc(1, g.rs->rules->state_size);
        if (first) {
            char opening[256];
            g.rs->rules->init(g.scn, first);
            g.rs->present->describe_decision(g.scn, first, opening, sizeof opening);
            printf("== the battle opens: %s ==\n", opening);
            free(first);
        }
        gr_narrate(&nar, &log, 0, stdout);
        gr_result res;
        g.rs->rules->result(g.scn, st, &res);
        char desc[256];
        g.rs->present->describe_decision(g.scn, st, desc, sizeof desc);
        printf("\nreplayed %d actions: %s\n", rec.nactions, res.over ? res.reason : desc);
        rc = 0;
        if (svg) {
            if (gr_write_map(&g, st, svg, &err)) { fprintf(stderr, "%s\n", err.msg); rc = 1; }
            else printf("map: %s\n", svg);
        }
    } else {
        fprintf(stderr, "%s: %s\n", file, err.msg);
    }
    gr_log_free(&log);
    free(st);
    gr_game_free(&g);
    gr_record_free(&rec);
    return rc;
}
