/* cmd_assist.c - `grognard assist SCENARIO|SESSION [--side S]`: the tabletop
 * assistant. The battle is fought with miniatures and real dice; the program
 * keeps the position in step with the table. Both sides' orders are typed in
 * (notation or a number from 'list'), every die the rules need is asked for
 * by name and typed in, `fix ...` corrects the position to match the table
 * (place, turn, formation, cohesion, losses, removal), and `suggest` asks
 * the AI for the side the user plays. Every change is saved at once to the
 * session file (a record with its corrections and dice), so a session can be
 * resumed (`grognard assist SESSION`) and replayed (`grognard replay`). */
#include "commands.h"
#include "live.h"
#include "repl.h"
#include "session.h"
#include "position.h"
#include "../engine/core/args.h"
#include "../engine/core/fsutil.h"
#include "../engine/core/byname.h"
#include "../engine/core/words.h"
#include "saves.h"

#include <time.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define ASSIST_DEFAULT_AI "mcts:dms=2000" /* every suggestion searched 2 s, a reaction as long as a move */

static const char *help_text =
    "orders (either side, as played on the table):\n"
    "  NUMBER              the order with that number in 'list'\n"
    "  ORDER               an order in the ruleset's notation, as 'list' prints them (fogn:\n"
    "                      u3 advance u12 to 6, exact moves u3 move FR -30 4.5; hexwar: c3 move 5 7)\n"
    "  done                end this step\n"
    "dice: when the rules need dice the program asks for them by name; type the faces (e.g. 4 1 6)\n"
    "corrections (make the position match the table):\n"
    "  fix u3 at X Y [facing D]   fix u3 turn D   fix u3 formation NAME\n"
    "  fix u3 cohesion LEVEL      fix u3 lost N   fix u3 remove   fix c1 at X Y\n"
    "session:\n"
    "  list                the legal orders of this decision, numbered\n"
    "  suggest             the AI's order for your side, with alternatives and a reason\n"
    "  undo                take back the last order or correction\n"
    "  show                the position as text      map [FILE]   the table as SVG\n"
    "  log                 the session so far        save [FILE]  load FILE\n"
    "  quit                leave (the session file is always up to date)\n";

typedef struct assist_ctx {
    gr_live L;
    gr_repl R;
    int side;               /* the side the user plays (suggestions), -1 none */
    char ai_spec[128];
    gr_player *ai;
    unsigned long long seed;
    char session_path[512], map_path[512];
} assist_ctx;

static int save_session(assist_ctx *c, const char *path, gr_error *err)
{
    json_t *s = json_object();
    json_object_set_new(s, "mode", json_string("assist"));
    json_object_set_new(s, "side", json_integer(c->side));
    json_object_set_new(s, "ai", json_string(c->ai_spec));
    gr_repl_ensure_dir(path);
    int rc = gr_live_save(&c->L, path, s, err);
    json_decref(s);
    return rc;
}

/* after every change: the session file follows the table */
static void autosave(assist_ctx *c)
{
    gr_error err;
    gr_error_clear(&err);
    if (save_session(c, c->session_path, &err)) printf("warning: the session could not be saved: %s\n", err.msg);
}

static void reset_ai(assist_ctx *c)
{
    gr_player_free(c->ai);
    c->ai = NULL;
}

static void do_change(assist_ctx *c, const gr_action *a, const char *edit)
{
    gr_error err;
    gr_error_clear(&err);
    int marked = !gr_live_push_undo(&c->L);
    int rc = a ? gr_live_apply(&c->L, a, &err) : gr_live_edit(&c->L, edit, &err);
    if (rc) {
        if (marked) gr_live_undo(&c->L);
        printf("refused: %s\n", err.msg);
        return;
    }
    gr_repl_tell(&c->R, &c->L);
    reset_ai(c);
    autosave(c);
}

/* a decision with a single legal order (often "done") is taken without
 * asking; one that would throw dice still asks for them */
static int forced_order(assist_ctx *c, const char *desc)
{
    gr_action a;
    if (!gr_repl_forced(&c->L, desc, &a)) return 0;
    size_t n0 = c->L.rec.nactions;
    do_change(c, &a, NULL);
    /* refused (e.g. no dice typed): ask the person, so the loop cannot spin */
    return (size_t)c->L.rec.nactions != n0;
}

/* 1 to go on, 0 to leave */
static int command(assist_ctx *c, gr_repl_cmd cmd, const char *line, const char *arg, const char *msg)
{
    gr_error err;
    gr_error_clear(&err);
    const gr_ruleset *rs = c->L.g.rs;
    const char *names[2];
    gr_game_side_names(&c->L.g, names);
    switch (cmd) {
    case GR_CMD_EMPTY: break;
    case GR_CMD_NONE: {
        gr_action a;
        if (gr_live_over(&c->L)) printf("refused: the game is over (undo, fix or load can change that)\n");
        else if (gr_byname_parse(rs, c->L.g.scn, c->L.st, line, &a, &err))
            printf("not understood: %s ('help' lists the commands, 'list' the orders)\n", err.msg);
        else do_change(c, &a, NULL);
        break;
    }
    case GR_CMD_PICK: {
        gr_action a;
        if (!gr_repl_pick_arg(&c->L, arg, &a)) do_change(c, &a, NULL);
        break;
    }
    case GR_CMD_EDIT: do_change(c, NULL, arg); break;
    case GR_CMD_HELP: fputs(help_text, stdout); break;
    case GR_CMD_LIST: gr_repl_list(&c->L, stdout); break;
    case GR_CMD_UNDO:
        /* a mark of this run, or else the record replayed without its last line */
        if (gr_live_undo(&c->L) && gr_live_undo_replay(&c->L, &err)) printf("nothing to undo: %s\n", err.msg);
        else {
            gr_repl_rewind(&c->R, &c->L);
            reset_ai(c);
            autosave(c);
            gr_repl_now(&c->L, "undone");
        }
        break;
    case GR_CMD_MAP: gr_repl_map(&c->L, arg, c->map_path); break;
    case GR_CMD_SAVE: {
        const char *p = arg[0] ? arg : c->session_path;
        if (save_session(c, p, &err)) printf("error: %s\n", err.msg);
        else printf("saved: %s (%d actions)\n", p, c->L.rec.nactions);
        break;
    }
    case GR_CMD_LOAD: {
        json_t *ses = NULL;
        if (gr_live_load(&c->L, arg, stdin, stdout, &ses, &err)) {
            printf("refused: %s\nthe session in progress goes on\n", err.msg);
            break;
        }
        if (!c->L.manual) gr_dice_init_manual(&c->L.dice, stdin, stdout), c->L.manual = 1;
        gr_dice_set_log(&c->L.dice, &c->L.log);
        c->L.dice.echo = !isatty(fileno(stdin));
        json_t *sd = json_object_get(ses, "side");
        if (json_is_integer(sd) && json_integer_value(sd) >= -1 && json_integer_value(sd) <= 1) c->side = (int)json_integer_value(sd);
        json_decref(ses);
        gr_repl_rewind(&c->R, &c->L);
        reset_ai(c);
        char what[600];
        snprintf(what, sizeof what, "loaded %.500s: %d actions", arg, c->L.rec.nactions);
        gr_repl_now(&c->L, what);
        autosave(c);
        break;
    }
    case GR_CMD_SHOW: rs->present->summary(c->L.g.scn, c->L.st, stdout); break;
    case GR_CMD_HINT: {
        int who = gr_live_to_move(&c->L);
        if (who == GR_TERMINAL) { printf("refused: the game is over\n"); break; }
        if (c->side >= 0 && who != c->side) {
            printf("refused: this decision is %s%s; suggest is for the side you play (%s)\n", names[who],
                   gr_words_poss(names[who]), names[c->side]);
            break;
        }
        if (!c->ai) c->ai = gr_player_create(c->ai_spec, &c->L.g, c->seed * 2 + 7, &err);
        if (!c->ai || gr_repl_hint(&c->L, c->ai, c->seed + (unsigned long long)c->L.rec.nactions, stdout, &err))
            printf("error: %s\n", err.msg);
        break;
    }
    case GR_CMD_LOG: gr_repl_log(&c->L); break;
    case GR_CMD_QUIT: return 0;
    case GR_CMD_BAD: printf("refused: %s\n", msg); break;
    }
    return 1;
}

int gr_cmd_assist(int argc, char **argv)
{
    const char *side_text = NULL, *ai = NULL, *session = NULL, *map = NULL;
    unsigned long long seed = 1;
    char *pos[1];
    gr_args_list files = {pos, 0, 1};
    const gr_args_opt opts[] = {
        GR_ARGS_OPT_STRING("--side", &side_text, "S", "the side you play (0, 1 or its name), for 'suggest'"),
        GR_ARGS_OPT_STRING("--session", &session, "FILE", "the session file (default: the session resumed, or a new "
                                                          "file " GR_SAVES_DIR "/assist-SCENARIO-DATE-TIME.json)"),
        GR_ARGS_OPT_STRING("--ai", &ai, "SPEC", "the player behind 'suggest' (default " ASSIST_DEFAULT_AI ")"),
        GR_ARGS_OPT_STRING("--map", &map, "FILE", "where 'map' draws (default out/assist-map.svg)"),
        GR_ARGS_OPT_ULL("--seed", &seed, "N", "the seed of the AI's searches (default 1)"),
    };
    const gr_args_spec spec = {
        .verb = "grognard assist",
        .usage = "usage: grognard assist SCENARIO|SESSION [--side S] [--session FILE] [--ai SPEC] [--map FILE]\n"
                 "  S: the side you play (0, 1 or its name), for 'suggest'; the session file is kept up to date\n"
                 "  (a new file in " GR_SAVES_DIR "/ for each new session); give a session file to resume it\n",
        .opts = opts, .nopts = GR_ARGS_COUNT(opts), .pos = &files, .min_pos = 1,
        .pos_name = "a SCENARIO or SESSION",
    };
    int status;
    if (gr_args_parse(&spec, argc, argv, &status)) return status;
    const char *file = files.v[0];
    assist_ctx c;
    memset(&c, 0, sizeof c);
    c.seed = seed;
    c.side = -1;
    gr_error err;
    gr_error_clear(&err);
    if (ai && strlen(ai) >= sizeof c.ai_spec)
        return gr_args_fail(&spec, "--ai: the spec is %zu bytes long, at most %zu are taken", strlen(ai), sizeof c.ai_spec - 1);
    snprintf(c.ai_spec, sizeof c.ai_spec, "%s", ai ? ai : ASSIST_DEFAULT_AI);
    if (gr_path_copy(c.map_path, sizeof c.map_path, map ? map : "out/assist-map.svg", "--map", &err) ||
        (session && gr_path_copy(c.session_path, sizeof c.session_path, session, "--session", &err))) {
        fprintf(stderr, "grognard assist: %s\n", err.msg);
        return 2;
    }
    if (gr_live_open(&c.L, file, seed, 1, stdin, stdout, &err)) { fprintf(stderr, "grognard assist: %s\n", err.msg); return 1; }
    /* resuming: the session file is the one given, unless --session says otherwise */
    int resumed = c.L.rec.session != NULL;
    int rc = 1;
    if (!session && (resumed ? gr_path_copy(c.session_path, sizeof c.session_path, file, "the session", &err)
                             : gr_saves_name(c.session_path, sizeof c.session_path, GR_SAVES_DIR, "assist", file, NULL,
                                             time(NULL), &err))) {
        fprintf(stderr, "grognard assist: %s\n", err.msg);
        rc = 2;
        goto out;
    }
    if (resumed) {
        json_t *sd = json_object_get(c.L.rec.session, "side");
        if (json_is_integer(sd) && json_integer_value(sd) >= -1 && json_integer_value(sd) <= 1) c.side = (int)json_integer_value(sd);
        const char *sai = json_string_value(json_object_get(c.L.rec.session, "ai"));
        if (sai && !ai && strlen(sai) < sizeof c.ai_spec) snprintf(c.ai_spec, sizeof c.ai_spec, "%s", sai);
    }
    const char *names[2];
    gr_game_side_names(&c.L.g, names);
    if (side_text) {
        c.side = gr_side_from_text(&c.L.g, side_text);
        if (c.side < 0) { fprintf(stderr, "grognard assist: unknown side '%s' (0, 1, %s or %s)\n", side_text, names[0], names[1]); rc = 2; goto out; }
    }
    if (gr_repl_init(&c.R, &c.L, stdout, &err)) { fprintf(stderr, "grognard assist: %s\n", err.msg); goto out; }
    c.R.nar.quiet_rolls = 1; /* the dice are on the screen already, as typed */
    {
        gr_player *probe = gr_player_create(c.ai_spec, &c.L.g, 1, &err);
        if (!probe) { fprintf(stderr, "grognard assist: --ai: %s\n", err.msg); rc = 2; goto out; }
        gr_player_free(probe);
    }
    printf("%s: the assistant%s%s%s. Type the orders given on the table and the dice thrown; 'help' lists the "
           "commands.\nsession file: %s%s\n",
           c.L.g.path, c.side >= 0 ? " for " : "", c.side >= 0 ? names[c.side] : "", c.side >= 0 ? " (suggest)" : "",
           c.session_path, resumed ? " (resumed)" : "");
    autosave(&c);
    char line[GR_REPL_LINE_MAX];
    int echo = !isatty(fileno(stdin));
    c.L.dice.echo = echo;
    int over_told = 0;
    for (;;) {
        gr_repl_tell(&c.R, &c.L);
        char desc[256];
        if (gr_live_over(&c.L)) {
            if (!over_told) {
                gr_result res;
                c.L.g.rs->rules->result(c.L.g.scn, c.L.st, &res);
                printf("\nthe battle is over: %s\n", res.reason);
                over_told = 1;
            }
            snprintf(desc, sizeof desc, "the game is over");
        } else {
            over_told = 0;
            c.L.g.rs->present->describe_decision(c.L.g.scn, c.L.st, desc, sizeof desc);
        }
        if (!gr_live_over(&c.L) && forced_order(&c, desc)) continue;
        gr_repl_prompt(&c.L, gr_live_over(&c.L) ? "-" : names[gr_live_to_move(&c.L)], desc, stdout);
        int too_long;
        if (!gr_repl_read(stdin, line, sizeof line, &too_long)) {
            printf("\ninput ended; the session is in %s (grognard assist %s goes on)\n", c.session_path, c.session_path);
            rc = 0;
            break;
        }
        if (echo) printf("%s\n", line); /* a transcript reads like the session */
        if (too_long) { printf("refused: the line is longer than %d bytes\n", GR_REPL_LINE_MAX - 1); continue; }
        char arg[GR_REPL_LINE_MAX], msg[256];
        gr_repl_cmd cmd = gr_repl_parse(&c.R, line, arg, sizeof arg, msg, sizeof msg);
        if (!command(&c, cmd, line, arg, msg)) {
            printf("the session is in %s\n", c.session_path);
            rc = 0;
            break;
        }
    }
out:
    gr_player_free(c.ai);
    gr_repl_free(&c.R);
    gr_live_free(&c.L);
    return rc;
}
