/* memo.h - a search thread's memo of what the rules work out again and
 * again: compiled movement orders and the cursor walks between decisions.
 * Compiling an order ("advance on 3/Hussars") means searching for the
 * longest legal move, a dozen full move checks; a search meets the same
 * position and order again and again (every iteration that reaches it after
 * the same dice), so the answer is kept, keyed by a hash of the state (fogn_state_hash)
 * and the action. Walking a step's cursor to the next decision asks, unit by
 * unit, whether anyone is in reach or what a firer sees; those walks are
 * kept by the state they start from, and so are the volleys of the Firing
 * Phase (who fires at whom with how many dice, before the dice), the
 * assault reaches of an Assault Phase (fogn_memo_reach) and the firers'
 * views of a Firing Phase (fogn_memo_view). Every answer is a
 * pure function of its key, so a game plays the same with or without the
 * memo. It reaches the rules through the gr_ctx of a step's run or apply,
 * and the cursor walk (engine/core/steps.h), handed on to the rules that
 * ask. */
#ifndef FOGN_MEMO_H
#define FOGN_MEMO_H

#include "contact.h"
#include "fire.h"
#include "internal.h"
#include "steps.h"
#include "move.h"

/* entries of a thread's memo (direct mapped, a power of two) */
#define FOGN_MEMO_ENTRIES 4096
/* entries of its table of cursor walks (each holds a whole state) */
#define FOGN_MEMO_WALKS 2048
/* entries of its table of volleys (each holds up to FOGN_VOLLEY_MAX shots) */
#define FOGN_MEMO_VOLLEYS 1024
/* entries of its table of assault reaches */
#define FOGN_MEMO_REACHES 1024
/* entries of its table of firers' views */
#define FOGN_MEMO_VIEWS 1024

typedef struct fogn_memo fogn_memo;

/* A hash of the state from seed over every byte but the empty commander
 * and unit slots after the scenario's own (read by no rule): the memo's keys and the search's position keys (gr_fast.state_hash) */
uint64_t fogn_state_hash(const void *scn, const void *state, uint64_t seed);
/* the bytes of a state up to the scenario's last unit (the units' slots
 * come last, fogn.h): all any rule reads or writes (gr_fast.state_span) */
size_t fogn_state_span(const void *scn);

fogn_memo *fogn_memo_create(void);
void fogn_memo_free(fogn_memo *memo);
/* lookups that found their answer, and those that had to work it out */
void fogn_memo_stats(const fogn_memo *memo, long *hits, long *misses);
/* the same for the cursor walks */
void fogn_memo_walk_stats(const fogn_memo *memo, long *hits, long *misses);
/* and for the volleys */
void fogn_memo_volley_stats(const fogn_memo *memo, long *hits, long *misses);

/* The order compiled to an exact move and checked (fogn_action_to_move_planned,
 * then fogn_move_check when the compiler did not check it itself): 0 with
 * *m and *plan, or -1 with the reason in err. With a memo, an answer already
 * worked out for this state and action is copied instead. */
int fogn_order_compile(const fogn_scenario *s, const fogn_state *st, const gr_action *a, fogn_move *m,
                       fogn_move_plan *plan, gr_error *err, fogn_memo *memo);

/* A decision step's walk: the cursor moves on from where it stands, running
 * the step's prepare on each position, until a decision is due there or the
 * cursor reaches end. The walk reads nothing but the state and throws no
 * die, so with a memo (and a step marked walk_memo) the state a walk from
 * this very state ended in is copied instead. */
void fogn_memo_walk(const fogn_scenario *s, fogn_state *st, const fogn_step_def *d, int end, fogn_memo *memo);

/* A firing step's volley: every shot the firing side takes, before a die is
 * thrown. build works it out into *v (initialised by the caller, no shots
 * yet) from the state alone; with a memo, the shots of a volley built from
 * this very state are copied into *v instead (returns 1; 0 when build ran). */
int fogn_memo_volley(const fogn_scenario *s, const fogn_state *st, fogn_volley *v, fogn_memo *memo,
                     void (*build)(const fogn_scenario *s, const fogn_state *st, fogn_volley *v));

/* Unit a's assault reach of enemy b: fogn_assault_reach asked no reason.
 * Finding it tries wheel after wheel, each swept and checked against
 * every unit and the ground, and one Assault Phase asks it of the same
 * pair again and again: the declaration, its test, each reaction's menu and
 * its result, the fire at the assaulters, the contact. Those positions
 * differ only in the assault's bookkeeping, which the reach never reads
 * (the target a unit has declared, how far its assault has got, its
 * reaction, its fire choice and the firing step's memo of its view, the
 * flags of an assault under way and of a test taken), so the answer is
 * kept by a hash of the units with those left out, and the pair. Refusals found at once
 * (fogn_reach_refused_at_once) are not kept. memo NULL: worked out. */
int fogn_memo_reach(const fogn_scenario *s, const fogn_state *st, int a, int b, fogn_reach *r, fogn_memo *memo);
/* lookups that found their answer, and those that had to work it out */
void fogn_memo_reach_stats(const fogn_memo *memo, long *hits, long *misses);

/* Firer f's view as a firing step keeps it in the state (fogn_unit's
 * fview_band and fview: its band and its targets), worked out by `work`
 * into *u (false: the unit keeps no view). The firing walk works out each
 * firer's view in turn, and the branches of a search's fire choices differ
 * only in what those choices change (each firer's target, option and FIRED
 * mark) and in the views already kept, none of which a view reads; so the
 * answer is kept by a hash of the units with those left out, the side
 * moving and f. memo NULL: worked out. */
bool fogn_memo_view(const fogn_scenario *s, const fogn_state *st, int f, fogn_unit *u, fogn_memo *memo,
                    bool (*work)(const fogn_scenario *s, const fogn_state *st, int f, fogn_unit *u));
void fogn_memo_view_stats(const fogn_memo *memo, long *hits, long *misses);

/* For tests: with check on, every reach and view the memo would copy is
 * worked out afresh as well and compared; fogn_memo_mismatches counts those
 * that differed (a key then misses something the rules read). */
void fogn_memo_check(fogn_memo *memo, int on);
long fogn_memo_mismatches(const fogn_memo *memo);

#endif
