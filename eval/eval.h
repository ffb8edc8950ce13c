/* eval.h - the heuristic evaluation of a position, for any ruleset: it reads
 * the ruleset's typed evaluation contract (gr_ai_view in
 * engine/core/game.h) and weights from a JSON file
 * (eval/weights/<ruleset>.json). Per side it adds up each unit's value
 * scaled by the weight of its condition level (lowered when worn), plus the
 * weighted side terms the ruleset names (how near the army is to breaking,
 * objectives held, lines of communication), and squashes the difference
 * between the sides into a win probability; near a timed end it leans
 * towards the score that end would give (the ruleset's clock). A bound
 * evaluator is read-only and shared by search threads. */
#ifndef GR_EVAL_H
#define GR_EVAL_H

#include "../engine/core/game.h"

#define GR_EVAL_MAX_SIDE_TERMS 16   /* weighted side terms a weights file may give */
#define GR_EVAL_MAX_LEVELS 8        /* condition levels, gone included */
#define GR_EVAL_MAX_TERMS 64        /* side terms a ruleset may name (more: the weights do not load) */
#define GR_EVAL_SEARCH_C_MAX 100.0  /* the largest exploration constant a weights file may give (as a spec's c) */
#define GR_EVAL_SEARCH_HORIZON_MAX 100 /* the longest horizon a weights file may give (as a spec's horizon) */
#define GR_EVAL_NAME_MAX 16          /* a name a weights file's "search" gives (plan, planfor), its end included */

typedef struct gr_eval_term {
    char name[48];          /* the ruleset's term name (gr_ai_view.term_names) */
    double weight;
    int idx;                /* its index in the ruleset's list */
} gr_eval_term;

typedef struct gr_eval {
    char ruleset[32];
    double scale;           /* logistic slope on the normalised difference */
    double cohesion[GR_EVAL_MAX_LEVELS]; /* value kept per condition level, gone last */
    int nlevels;
    double worn;            /* share of value lost when worn (fogn: Spent) */
    int nterms;
    gr_eval_term term[GR_EVAL_MAX_SIDE_TERMS];
    /* bound to a game */
    int bound, nunits, rs_nterms;
    double total_value;     /* of both armies at the start, for normalising */
    /* the end-game blend (optional "endgame" in the weights): over the last
     * end_moves player-moves before a timed end the value leans towards the
     * score such an end would give now, by up to end_weight during the last
     * move; read from the ruleset's clock */
    int end_moves;
    double end_weight;
    /* optional "spread": [a, b]: the timed score is smoothed. Side 0's lead
     * in the timed count is taken as uncertain by a normal spread of
     * a + b x moves_left points, and the score is the expected one, 1 for a
     * lead of at least the clock's band, 0 for as much behind, 0.5 between.
     * A lead short of a win by a point or two then reads as worth gaining
     * while there are moves to gain it in. Absent ({0, 0}): the plain timed
     * score. */
    double end_spread[2];
    /* optional "search": {"settle": 0 or 1, "c": X, "horizon": N, "plan":
     * NAME, "planfor": WHO}: the
     * search settings this ruleset plays best with, used where a player
     * spec does not give them. settle: where its simulations are best
     * stopped (ai/mcts.c, ai/naive.c: the spec's `settle` option), -1 when
     * the file does not say; c: the exploration constant of ai/mcts.c's
     * PUCT (the spec's `c`), -1 when the file does not say; horizon: the
     * player-moves a simulation plays before the evaluation (the spec's
     * `horizon`, 1 to GR_EVAL_SEARCH_HORIZON_MAX), -1 when the file does
     * not say; plan and planfor: the doctrine the searching side's
     * simulations follow and whose decisions follow it (the spec's `plan`
     * and `planfor`, ai/mcts.h; the search checks the names), "" when the
     * file does not say */
    int settle;
    double c;
    int horizon;
    char plan[GR_EVAL_NAME_MAX], plan_for[GR_EVAL_NAME_MAX];
} gr_eval;

/* Loads weights from a file, or (path NULL) from eval/weights/<ruleset>.json
 * under $GROGNARD_ROOT or the current folder, and binds them to the game's
 * feature layout. 0, or -1 with the file, JSON path and what is wrong. */
int gr_eval_load(gr_eval *e, const gr_game *g, const char *path, gr_error *err);
/* The same from parsed JSON (`file` only for messages). */
int gr_eval_from_json(gr_eval *e, const gr_game *g, json_t *root, const char *file, gr_error *err);

/* The difference in value between side 0 and side 1 (positive: side 0 ahead),
 * in the units the weights are written in. */
double gr_eval_diff(const gr_eval *e, const gr_game *g, const void *state);
/* Side 0's chance to win in [0, 1]: the result itself once the game is over;
 * with an end-game blend, (1 - w) * logistic(scale * diff) + w * timed score,
 * w = end_weight * (1 - moves_left / end_moves) while moves_left < end_moves;
 * the timed score smoothed when the weights give a spread (gr_eval_timed). */
double gr_eval_win0(const gr_eval *e, const gr_game *g, const void *state);

/* The timed score the blend uses, from side 0's lead, the lead a win needs
 * and the spread (0: the plain step, 1 / 0.5 / 0). */
double gr_eval_timed(double lead, double band, double spread);

/* Player-moves left before a timed end (the ruleset's clock), or -1 when
 * the ruleset has none. */
int gr_eval_moves_left(const gr_eval *e, const gr_game *g, const void *state);

/* A per-term breakdown for side `side` (for reasons and the tuner): fills
 * up to max (name, contribution) pairs; returns the count. */
int gr_eval_explain(const gr_eval *e, const gr_game *g, const void *state, int side, const char **names,
                    double *contrib, int max);

#endif
