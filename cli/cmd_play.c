/* cmd_play.c - `grognard play SCENARIO|SAVE --side S [--ai SPEC | --level L]`:
 * a game against the AI at the keyboard. The player types orders in the
 * notation or picks them by number from the list of legal orders; the AI
 * plays the other side; the battle is told as it goes. `undo` takes back the
 * player's own orders of the turn up to the last one that threw dice (dice
 * once seen stand, as at the table); with `--casual` it goes back past dice
 * and the AI's moves, and the dice are thrown anew; `save` and `load` at any point (saves
 * are written atomically and a save that does not replay is refused whole);
 * `map` draws the table. When the input ends before the battle does, the
 * game is saved so nothing is lost. */
#include "commands.h"
#include "live.h"
#include "repl.h"
#include "session.h"
#include "position.h"
#include "../engine/core/args.h"
#include "../engine/core/fsutil.h"
#include "../engine/core/byname.h"
#include "saves.h"

#include <time.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define PLAY_DEFAULT_DIR "out"
#define PLAY_HINT_SPEC "mcts:dms=1000" /* every hint searched 1 s, a reaction as long as a move */


static const char *help_text =
    "orders:\n"
    "  NUMBER              the order with that number in 'list'\n"
    "  ORDER               an order in the ruleset's notation, as 'list' prints them; exact moves\n"
    "                      too (fogn: u3 advance u12 to 6, u3 move FR -30 4.5: docs/notation.md;\n"
    "                      hexwar: c3 move 5 7, c3 attack 6 7: docs/hexwar.md)\n"
    "  done                end this step (e.g. no more assaults)\n"
    "session:\n"
    "  list                the legal orders of this decision, numbered\n"
    "  hint                what the AI would order here, and why\n"
    "  undo                take back your last order (not past dice already thrown; with --casual,\n"
    "                      past dice and the AI's moves too, and the dice are thrown again)\n"
    "  show                the position as text\n"
    "  map [FILE]          draw the table as SVG\n"
    "  log                 the battle so far\n"
    "  save [FILE]         save the game (atomic)\n"
    "  load FILE           load a saved game (refused whole if it does not replay)\n"
    "  quit                save and leave\n";

typedef struct play_ctx {
    gr_live L;
    gr_repl R;
    int human;
    int casual;             /* undo goes back past dice and the AI's moves */
    char ai_spec[128];
    gr_player *ai, *hinter;
    unsigned long long seed;
    char save_path[512], map_path[512];
} play_ctx;

static int make_ai(play_ctx *c, gr_error *err)
{
    gr_player_free(c->ai);
    gr_player_free(c->hinter);
    c->hinter = NULL;
    c->ai = gr_player_create(c->ai_spec, &c->L.g, c->seed * 2 + 2, err);
    return c->ai ? 0 : -1;
}

static json_t *session_json(const play_ctx *c)
{
    json_t *s = json_object();
    json_object_set_new(s, "mode", json_string("play"));
    json_object_set_new(s, "human_side", json_integer(c->human));
    json_object_set_new(s, "ai", json_string(c->ai_spec));
    if (c->casual) json_object_set_new(s, "casual", json_true());
    return s;
}

static int save_game(play_ctx *c, const char *path, gr_error *err)
{
    json_t *s = session_json(c);
    int rc = gr_live_save(&c->L, path, s, err);
    json_decref(s);
    return rc;
}

/* the AI's decisions until it is the player's turn or the game ends */
static int ai_moves(play_ctx *c, gr_error *err)
{
    const gr_ruleset *rs = c->L.g.rs;
    void *before = malloc(rs->rules->state_size);
    if (!before) return gr_error_set(err, "out of memory");
    int rc = 0;
    while (!gr_live_over(&c->L) && gr_live_to_move(&c->L) != c->human) {
        gr_action a;
        if (c->ai->choose(c->ai, &c->L.g, c->L.st, &a, err)) { rc = -1; break; }
        memcpy(before, c->L.st, rs->rules->state_size);
        if (gr_live_apply(&c->L, &a, err)) { rc = -1; break; }
        gr_player_observe(c->ai, &c->L.g, before, &a);
        gr_repl_tell(&c->R, &c->L);
    }
    free(before);
    if (!c->casual) gr_live_clear_undo(&c->L); /* the other side has moved: what went before stands */
    return rc;
}

static void human_order(play_ctx *c, const gr_action *a, int undoable)
{
    gr_error err;
    gr_error_clear(&err);
    const gr_ruleset *rs = c->L.g.rs;
    void *before = malloc(rs->rules->state_size);
    if (!before) { fprintf(stdout, "out of memory\n"); return; }
    memcpy(before, c->L.st, rs->rules->state_size);
    int marked = undoable && !gr_live_push_undo(&c->L);
    if (gr_live_apply(&c->L, a, &err)) {
        if (marked) gr_live_undo(&c->L);
        printf("refused: %s\n", err.msg);
    } else {
        gr_player_observe(c->ai, &c->L.g, before, a);
        gr_repl_tell(&c->R, &c->L);
        if (c->L.last_dice > 0 && !c->casual) gr_live_clear_undo(&c->L);
    }
    free(before);
}

/* a decision with a single legal order is taken without asking */
static int forced_order(play_ctx *c, const char *desc)
{
    gr_action a;
    if (!gr_repl_forced(&c->L, desc, &a)) return 0;
    human_order(c, &a, 0);
    return 1;
}

static void notation_order(play_ctx *c, const char *line)
{
    gr_error err;
    gr_error_clear(&err);
    gr_action a;
    if (gr_byname_parse(c->L.g.rs, c->L.g.scn, c->L.st, line, &a, &err)) {
        printf("not understood: %s ('help' lists the commands, 'list' the orders)\n", err.msg);
        return;
    }
    human_order(c, &a, 1);
}

static void print_result(const play_ctx *c)
{
    gr_result res;
    c->L.g.rs->rules->result(c->L.g.scn, c->L.st, &res);
    const char *names[2];
    gr_game_side_names(&c->L.g, names);
    printf("\nthe battle is over: %s\n", res.reason);
    if (res.winner == c->human) printf("you (%s) win\n", names[c->human]);
    else if (res.winner >= 0) printf("the AI (%s) wins\n", names[res.winner]);
    else printf("a draw\n");
}

/* returns 1 to go on, 0 to leave */
static int session_command(play_ctx *c, gr_repl_cmd cmd, const char *arg, const char *msg)
{
    gr_error err;
    gr_error_clear(&err);
    const gr_ruleset *rs = c->L.g.rs;
    switch (cmd) {
    case GR_CMD_EMPTY: break;
    case GR_CMD_HELP: fputs(help_text, stdout); break;
    case GR_CMD_LIST: gr_repl_list(&c->L, stdout); break;
    case GR_CMD_PICK: {
        gr_action a;
        if (!gr_repl_pick_arg(&c->L, arg, &a)) human_order(c, &a, 1);
        break;
    }
    case GR_CMD_UNDO:
        if (c->casual ? gr_live_undo_reroll(&c->L) : gr_live_undo(&c->L))
            printf(c->casual ? "nothing to undo\n"
                             : "nothing to undo: your orders since the last dice and the AI's moves stand\n");
        else {
            gr_repl_rewind(&c->R, &c->L);
            if (make_ai(c, &err)) printf("error: %s\n", err.msg);
            gr_repl_now(&c->L, "undone");
        }
        break;
    case GR_CMD_MAP: gr_repl_map(&c->L, arg, c->map_path); break;
    case GR_CMD_SAVE: {
        const char *p = arg[0] ? arg : c->save_path;
        gr_repl_ensure_dir(p);
        if (save_game(c, p, &err)) printf("error: %s\n", err.msg);
        else printf("saved: %s (%d actions)\n", p, c->L.rec.nactions);
        break;
    }
    case GR_CMD_LOAD: {
        json_t *ses = NULL;
        if (gr_live_load(&c->L, arg, NULL, NULL, &ses, &err)) {
            printf("refused: %s\nthe game in progress goes on\n", err.msg);
            break;
        }
        json_t *side = json_object_get(ses, "human_side");
        const char *ai = json_string_value(json_object_get(ses, "ai"));
        if (json_is_integer(side) && (json_integer_value(side) == 0 || json_integer_value(side) == 1))
            c->human = (int)json_integer_value(side);
        if (ai && strlen(ai) < sizeof c->ai_spec) snprintf(c->ai_spec, sizeof c->ai_spec, "%s", ai);
        json_decref(ses);
        gr_repl_free(&c->R);
        if (gr_repl_init(&c->R, &c->L, stdout, &err) || make_ai(c, &err)) {
            printf("error: %s\n", err.msg);
            return 0;
        }
        char what[600];
        snprintf(what, sizeof what, "loaded %.500s: %d actions", arg, c->L.rec.nactions);
        gr_repl_now(&c->L, what);
        break;
    }
    case GR_CMD_SHOW: rs->present->summary(c->L.g.scn, c->L.st, stdout); break;
    case GR_CMD_HINT:
        if (!c->hinter) c->hinter = gr_player_create(PLAY_HINT_SPEC, &c->L.g, c->seed * 2 + 5, &err);
        if (!c->hinter || gr_repl_hint(&c->L, c->hinter, c->seed + (unsigned long long)c->L.rec.nactions, stdout, &err))
            printf("error: %s\n", err.msg);
        break;
    case GR_CMD_EDIT:
        printf("refused: corrections of the position belong to the tabletop assistant (grognard assist); "
               "here the program keeps the table\n");
        break;
    case GR_CMD_LOG: gr_repl_log(&c->L); break;
    case GR_CMD_QUIT: return 0;
    case GR_CMD_BAD: printf("refused: %s\n", msg); break;
    case GR_CMD_NONE: break;
    }
    return 1;
}

int gr_cmd_play(int argc, char **argv)
{
    const char *side_text = NULL, *ai = NULL, *level = NULL, *save = NULL, *map = NULL;
    unsigned long long seed = 1;
    int casual = 0;
    char *pos[1];
    gr_args_list files = {pos, 0, 1};
    const gr_args_opt opts[] = {
        GR_ARGS_OPT_STRING("--side", &side_text, "S", "the side you play: 0, 1 or a side's name"),
        GR_ARGS_OPT_STRING("--ai", &ai, "SPEC", "the AI's player spec"),
        GR_ARGS_OPT_STRING("--level", &level, "L", "easy, normal or hard (default normal: mcts:ms=1000)"),
        GR_ARGS_OPT_ULL("--seed", &seed, "N", "the seed of the dice and the AI (default 1)"),
        GR_ARGS_OPT_STRING("--save", &save, "FILE", "where the game is saved (default: the save resumed, or a new file "
                                                    PLAY_DEFAULT_DIR "/play-SCENARIO-SIDE-DATE-TIME.json)"),
        GR_ARGS_OPT_STRING("--map", &map, "FILE", "where 'map' draws (default " PLAY_DEFAULT_DIR "/play-map.svg)"),
        GR_ARGS_OPT_FLAG("--casual", &casual, "undo goes back past dice and the AI's moves; the dice are thrown again"),
    };
    const gr_args_spec spec = {
        .verb = "grognard play",
        .usage = "usage: grognard play SCENARIO|SAVE --side S [--ai SPEC | --level easy|normal|hard] [--seed N]\n"
                 "                     [--save FILE] [--map FILE] [--casual]\n"
                 "  S: 0, 1 or a side's name; the AI plays the other side (default level normal: mcts:ms=1000)\n",
        .opts = opts, .nopts = GR_ARGS_COUNT(opts), .pos = &files, .min_pos = 1,
        .pos_name = "a SCENARIO (or a saved game)",
    };
    const char *usage = spec.usage;
    int status;
    if (gr_args_parse(&spec, argc, argv, &status)) return status;
    const char *file = files.v[0];
    if (ai && level) return gr_args_fail(&spec, "give --ai or --level, not both");
    play_ctx c;
    memset(&c, 0, sizeof c);
    c.seed = seed;
    c.human = -1;
    snprintf(c.ai_spec, sizeof c.ai_spec, "%s", gr_level_spec("normal"));
    if (level) {
        const char *ls = gr_level_spec(level);
        if (!ls) return gr_args_fail(&spec, "--level: expected %s, got '%s'", GR_LEVELS_KNOWN, level);
        snprintf(c.ai_spec, sizeof c.ai_spec, "%s", ls);
    }
    if (ai) {
        if (strlen(ai) >= sizeof c.ai_spec) return gr_args_fail(&spec, "--ai: the spec is %zu bytes long, at most %zu are taken", strlen(ai), sizeof c.ai_spec - 1);
        snprintf(c.ai_spec, sizeof c.ai_spec, "%s", ai);
    }
    gr_error err;
    gr_error_clear(&err);
    if ((save && gr_path_copy(c.save_path, sizeof c.save_path, save, "--save", &err)) ||
        gr_path_copy(c.map_path, sizeof c.map_path, map ? map : PLAY_DEFAULT_DIR "/play-map.svg", "--map", &err)) {
        fprintf(stderr, "grognard play: %s\n", err.msg);
        return 2;
    }
    if (gr_live_open(&c.L, file, seed, 0, NULL, NULL, &err)) { fprintf(stderr, "grognard play: %s\n", err.msg); return 1; }
    /* a saved game names its side and AI, unless the command line says otherwise */
    json_t *ses = c.L.rec.session;
    if (ses) {
        json_t *hs = json_object_get(ses, "human_side");
        if (json_is_integer(hs) && (json_integer_value(hs) == 0 || json_integer_value(hs) == 1)) c.human = (int)json_integer_value(hs);
        const char *sai = json_string_value(json_object_get(ses, "ai"));
        if (sai && !ai && !level && strlen(sai) < sizeof c.ai_spec) snprintf(c.ai_spec, sizeof c.ai_spec, "%s", sai);
        if (json_is_true(json_object_get(ses, "casual"))) casual = 1; /* a casual game stays casual */
    }
    c.casual = casual;
    const char *names[2];
    gr_game_side_names(&c.L.g, names);
    if (side_text) c.human = gr_side_from_text(&c.L.g, side_text);
    int rc = 1;
    if (c.human < 0) {
        fprintf(stderr, "grognard play: %s side '%s' (0, 1, %s or %s)\n%s", side_text ? "unknown" : "--side is needed, e.g.",
                side_text ? side_text : names[0], names[0], names[1], usage);
        rc = 2;
        goto out;
    }
    /* a game goes on in the file it was resumed from; a new one gets a file of its own */
    if (!save && (ses ? gr_path_copy(c.save_path, sizeof c.save_path, file, "the save", &err)
                      : gr_saves_name(c.save_path, sizeof c.save_path, PLAY_DEFAULT_DIR, "play", file, names[c.human],
                                      time(NULL), &err))) {
        fprintf(stderr, "grognard play: %s\n", err.msg);
        goto out;
    }
    if (gr_repl_init(&c.R, &c.L, stdout, &err) || make_ai(&c, &err)) { fprintf(stderr, "grognard play: %s\n", err.msg); goto out; }
    printf("%s: you play %s, the AI (%s) plays %s. Type 'help' for the commands, 'list' for your orders.\n"
           "the game is kept in %s (grognard saves lists the games kept)\n",
           c.L.g.path, names[c.human], c.ai_spec, names[c.human ^ 1], c.save_path);
    if (c.casual)
        printf("casual game: 'undo' goes back past dice and the AI's moves, and dice thrown again come out anew\n");
    char line[GR_REPL_LINE_MAX];
    int echo = !isatty(fileno(stdin));
    for (;;) {
        gr_repl_tell(&c.R, &c.L);
        if (gr_live_over(&c.L)) {
            print_result(&c);
            gr_repl_ensure_dir(c.save_path);
            rc = 0;
            if (!save_game(&c, c.save_path, &err)) printf("record: %s\n", c.save_path);
            else { fprintf(stderr, "grognard play: the record could not be saved: %s\n", err.msg); rc = 1; }
            break;
        }
        if (gr_live_to_move(&c.L) != c.human) {
            if (ai_moves(&c, &err)) { fprintf(stderr, "grognard play: the AI failed: %s\n", err.msg); break; }
            continue;
        }
        char desc[256];
        c.L.g.rs->present->describe_decision(c.L.g.scn, c.L.st, desc, sizeof desc);
        if (forced_order(&c, desc)) continue;
        gr_repl_prompt(&c.L, names[c.human], desc, stdout);
        int too_long;
        if (!gr_repl_read(stdin, line, sizeof line, &too_long)) {
            gr_repl_ensure_dir(c.save_path);
            rc = 0;
            if (save_game(&c, c.save_path, &err)) { fprintf(stderr, "\ngrognard play: input ended and the game could not be saved: %s\n", err.msg); rc = 1; }
            else printf("\ninput ended before the battle did; the game is saved in %s (grognard play %s goes on)\n", c.save_path, c.save_path);
            break;
        }
        if (echo) printf("%s\n", line); /* a transcript reads like the session */
        if (too_long) { printf("refused: the line is longer than %d bytes\n", GR_REPL_LINE_MAX - 1); continue; }
        char arg[GR_REPL_LINE_MAX], msg[256];
        gr_repl_cmd cmd = gr_repl_parse(&c.R, line, arg, sizeof arg, msg, sizeof msg);
        if (cmd == GR_CMD_NONE) { notation_order(&c, line); continue; }
        if (!session_command(&c, cmd, arg, msg)) {
            rc = 0;
            if (!gr_live_over(&c.L)) {
                gr_repl_ensure_dir(c.save_path);
                if (!save_game(&c, c.save_path, &err)) printf("saved: %s\n", c.save_path);
                else { fprintf(stderr, "grognard play: could not save: %s\n", err.msg); rc = 1; }
            }
            break;
        }
    }
out:
    gr_player_free(c.ai);
    gr_player_free(c.hinter);
    gr_repl_free(&c.R);
    gr_live_free(&c.L);
    return rc;
}
