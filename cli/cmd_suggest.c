/* cmd_suggest.c - `grognard suggest POSITION --side S [--ms N | --iters N]
 * [--threads N] [--seed N] [--json]`: the orders the search recommends for
 * side S's decisions in the turn now being played, each with the best
 * alternatives (share of the search's visits, expected score) and a reason
 * counted over simulations (ai/explain.h). The recommended actions are
 * applied in turn, with sampled dice, to reach each next decision; the other
 * side's decisions inside the turn (reactions, return fire) are the search's
 * own guesses. The line stops when the turn ends; the turn is then told as
 * a plan (plan.h), after how the battle stands. */
#include "commands.h"
#include "../engine/core/args.h"
#include "position.h"
#include "session.h"
#include "../ai/explain.h"
#include "plan.h"
#include "repl.h"
#include "../engine/core/words.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SUGGEST_MAX_DECISIONS 200
#define SUGGEST_ALTERNATIVES 4
#define SUGGEST_EXPLAIN_SIMS 100

/* Side S's decision in st, where p chose a: the order, its reason, the
 * search's best alternatives, printed (unless as_json) and as JSON; *value
 * the first alternative's expected score (left as it was without one). */
static json_t *report_choice(const gr_game *g, const void *st, gr_player *p, const gr_action *a, const char *desc,
                             unsigned long long seed, int as_json, double *value)
{
    const gr_ruleset *rs = g->rs;
    gr_analysis an;
    int have = p->analysis && !p->analysis(p, &an);
    char text[160];
    rs->present->format_action(g->scn, st, a, text, sizeof text);
    gr_explanation ex;
    double v = have ? an.alt[0].value : -1;
    int explained = !gr_explain(g, st, a, v, SUGGEST_EXPLAIN_SIMS, seed, &ex);
    json_t *d = json_object();
    json_object_set_new(d, "decision", json_string(desc));
    json_object_set_new(d, "order", json_string(text));
    json_object_set_new(d, "reason", json_string(explained ? ex.text : "the only order"));
    json_t *alts = json_array();
    long total = 0;
    if (have)
        for (int i = 0; i < an.n; i++) total += an.alt[i].visits;
    if (!as_json) printf("\n%s\n  -> %s   (%s)\n", desc, text, explained ? ex.text : "the only order");
    for (int i = 0; have && i < an.n && i < SUGGEST_ALTERNATIVES; i++) {
        char at[160];
        rs->present->format_action(g->scn, st, &an.alt[i].a, at, sizeof at);
        double share = total ? (double)an.alt[i].visits / (double)total : 0;
        json_t *o = json_object();
        json_object_set_new(o, "order", json_string(at));
        json_object_set_new(o, "visits", json_integer(an.alt[i].visits));
        json_object_set_new(o, "share", json_real(share));
        json_object_set_new(o, "expected_score", json_real(an.alt[i].value));
        json_object_set_new(o, "prior", json_real(an.alt[i].prior));
        json_array_append_new(alts, o);
        if (!as_json) printf("     %-40s %5.1f%% of visits, expected score %.3f\n", at, 100 * share, an.alt[i].value);
    }
    json_object_set_new(d, "alternatives", alts);
    /* a choice within the search's noise is no advice: said so, as play's hint does */
    double gap = 0;
    int clear = !have || gr_repl_hint_clear(&an, &gap);
    if (have && an.n >= 2) json_object_set_new(d, "clear_best", json_boolean(clear));
    if (!clear && !as_json) {
        char a0[160], a1[160];
        rs->present->format_action(g->scn, st, &an.alt[0].a, a0, sizeof a0);
        rs->present->format_action(g->scn, st, &an.alt[1].a, a1, sizeof a1);
        printf("     no clear best: %s and %s are equal within %.2f, less than the search can tell apart\n", a0, a1,
               gap < 0.01 ? 0.01 : gap);
    }
    if (have) {
        *value = an.alt[0].value;
        json_object_set_new(d, "outlook", json_string(gr_repl_score_words(an.alt[0].value)));
        json_object_set_new(d, "iterations", json_integer(an.iterations));
        json_object_set_new(d, "ms", json_real(an.ms));
    }
    return d;
}

int gr_cmd_suggest(int argc, char **argv)
{
    const char *side_text = NULL;
    long ms = 0, iters = 0, threads = 1, seed = 1;
    int as_json = 0;
    char *pos[1];
    gr_args_list files = {pos, 0, 1};
    const gr_args_opt opts[] = {
        GR_ARGS_OPT_STRING("--side", &side_text, "S", "the side to advise: 0, 1 or a side's name"),
        GR_ARGS_OPT_LONG("--ms", &ms, 1, 3600000, "N", "search N milliseconds a decision (default 1000)"),
        GR_ARGS_OPT_LONG("--iters", &iters, 1, 100000000, "N", "search N iterations a decision"),
        GR_ARGS_OPT_LONG("--threads", &threads, 1, 64, "N", "search threads (default 1)"),
        GR_ARGS_OPT_LONG("--seed", &seed, 0, 1L << 40, "N", "the search's seed (default 1)"),
        GR_ARGS_OPT_FLAG("--json", &as_json, "one JSON object instead of text"),
    };
    const gr_args_spec spec = {
        .verb = "grognard suggest",
        .usage = "usage: grognard suggest POSITION --side S [--ms N | --iters N] [--threads N] [--seed N] [--json]\n"
                 "  POSITION: a scenario (its opening) or a game record (replayed to its end); S: 0, 1 or a side's name\n",
        .opts = opts, .nopts = GR_ARGS_COUNT(opts), .pos = &files, .pos_name = "a POSITION",
    };
    int status;
    if (gr_args_parse(&spec, argc, argv, &status)) return status;
    if (!files.n || !side_text) return gr_args_fail(&spec, "a POSITION and --side are needed");
    if (ms && iters) return gr_args_fail(&spec, "give --ms or --iters, not both");
    const char *file = files.v[0];
    gr_error err;
    gr_error_clear(&err);
    gr_game g;
    void *st;
    if (gr_position_load(file, &g, &st, &err)) { fprintf(stderr, "grognard suggest: %s\n", err.msg); return 1; }
    const gr_ruleset *rs = g.rs;
    int rc = 1;
    gr_player *p = NULL;
    json_t *out = NULL;
    int side = gr_side_from_text(&g, side_text);
    const char *names[2];
    gr_game_side_names(&g, names);
    char desc[256];
    if (side < 0) { fprintf(stderr, "grognard suggest: unknown side '%s' (0, 1, %s or %s)\n", side_text, names[0], names[1]); goto done; }
    if (rs->rules->to_move(g.scn, st) == GR_TERMINAL) { fprintf(stderr, "grognard suggest: the game in %s is over\n", file); goto done; }
    if (rs->rules->to_move(g.scn, st) != side) {
        rs->present->describe_decision(g.scn, st, desc, sizeof desc);
        fprintf(stderr, "grognard suggest: it is not %s%s decision now (%s)\n", names[side], gr_words_poss(names[side]),
                desc);
        goto done;
    }
    char player[128];
    if (iters) snprintf(player, sizeof player, "mcts:iters=%ld,threads=%ld", iters, threads);
    else snprintf(player, sizeof player, "mcts:ms=%ld,threads=%ld", ms ? ms : 1000, threads);
    p = gr_player_create(player, &g, (unsigned long long)seed, &err);
    if (!p) { fprintf(stderr, "grognard suggest: %s\n", err.msg); goto done; }
    int turn0 = rs->rules->turn ? rs->rules->turn(g.scn, st) : 0;
    gr_dice dice;
    gr_dice_init_rng(&dice, (unsigned long long)seed, 3);
    out = json_object();
    json_t *decs = json_array();
    json_object_set_new(out, "position", json_string(file));
    json_object_set_new(out, "side", json_string(names[side]));
    json_object_set_new(out, "player", json_string(player));
    json_object_set_new(out, "decisions", decs);
    char standing[600];
    gr_standing_text(&g, st, standing, sizeof standing);
    json_object_set_new(out, "standing", json_string(standing));
    gr_plan plan;
    gr_plan_init(&plan);
    double first_value = -1; /* the expected score at the first decision reported, -1 none */
    if (!as_json) printf("suggestions for %s (%s), %s\nthe battle: %s\n", names[side], player, file, standing);
    for (int k = 0; k < SUGGEST_MAX_DECISIONS; k++) {
        int who = rs->rules->to_move(g.scn, st);
        if (who == GR_TERMINAL || (rs->rules->turn && rs->rules->turn(g.scn, st) != turn0)) break;
        rs->present->describe_decision(g.scn, st, desc, sizeof desc);
        gr_action a;
        if (p->choose(p, &g, st, &a, &err)) { fprintf(stderr, "grognard suggest: %s\n", err.msg); goto done; }
        if (who != side) {
            /* the other side's decision inside this turn (a reaction, return
             * fire): the search's own guess, applied and not reported */
            char text[160];
            rs->present->format_action(g.scn, st, &a, text, sizeof text);
            if (!as_json) printf("\n(%s: assuming %s replies '%s')\n", desc, names[who], text);
            gr_player_observe(p, &g, st, &a);
            if (rs->rules->apply(g.scn, st, &a, &dice, NULL, &err)) { fprintf(stderr, "grognard suggest: '%s' refused: %s\n", text, err.msg); goto done; }
            continue;
        }
        char text[160];
        rs->present->format_action(g.scn, st, &a, text, sizeof text);
        double v = -1;
        json_t *d = report_choice(&g, st, p, &a, desc, (unsigned long long)seed + (unsigned long long)k, as_json, &v);
        if (json_array_size(decs) == 0) first_value = v;
        json_array_append_new(decs, d);
        gr_plan_add(&plan, &g, st, &a);
        gr_player_observe(p, &g, st, &a);
        if (rs->rules->apply(g.scn, st, &a, &dice, NULL, &err)) { fprintf(stderr, "grognard suggest: '%s' refused: %s\n", text, err.msg); goto done; }
    }
    char said[2048];
    gr_plan_text(&plan, said, sizeof said);
    json_object_set_new(out, "plan", json_string(said));
    if (as_json) {
        char *s = json_dumps(out, JSON_INDENT(2) | JSON_REAL_PRECISION(4));
        if (!s) goto done;
        puts(s);
        free(s);
    } else {
        rs->present->describe_decision(g.scn, st, desc, sizeof desc);
        printf("\nthe plan for this turn: %s\nafter these orders: %s\n", said[0] ? said : "no unit acts", desc);
        /* the search's outlook at the first decision it was asked, in words */
        if (first_value >= 0)
            printf("the search's outlook for %s: %s (expected score %.2f; 1 a win, 0.50 a draw)\n", names[side],
                   gr_repl_score_words(first_value), first_value);
    }
    rc = 0;
done:
    json_decref(out);
    gr_player_free(p);
    free(st);
    gr_game_free(&g);
    return rc;
}
