/* ruleset.h - calling a ruleset through the interface of game.h with the
 * documented fallbacks of its optional members, so that callers need not
 * test each one: a ruleset without the fast table is searched through its
 * plain rules, with the same results; and a helper the rulesets' unit_info
 * share. */
#ifndef GR_RULESET_H
#define GR_RULESET_H

#include "game.h"

/* fast.candidates, or the whole legal menu */
int gr_rs_candidates(const gr_ruleset *rs, const void *scn, const void *state, gr_action *out, int max);
/* the children of a search node: the legal menu when fast.expand_with_menu,
 * else gr_rs_candidates */
int gr_rs_expand_actions(const gr_ruleset *rs, const void *scn, const void *state, gr_action *out, int max);
/* fast.action_legal, or 1 (the fallback candidates are all legal) */
int gr_rs_action_legal(const gr_ruleset *rs, const void *scn, const void *state, const gr_action *a);
/* 1 when the ruleset checks candidates one at a time (fast.candidates and
 * fast.action_legal both given) */
int gr_rs_checks_candidates(const gr_ruleset *rs);
/* 0 when the candidates action_legal passes are exactly the legal menu, in
 * its order (gr_fast.candidates' contract; always 0 without them); -1 naming
 * the first difference. The soak's check: it works out the whole menu */
int gr_rs_check_candidates(const gr_ruleset *rs, const void *scn, const void *state, gr_error *err);
/* fast.apply_memo with the memo, or rules.apply */
int gr_rs_apply_memo(const gr_ruleset *rs, const void *scn, void *state, const gr_action *a, gr_dice *dice,
                     gr_log *log, void *memo, gr_error *err);
/* fast.apply_checked, or action_legal then apply (no log): 1 refused, else what apply returns */
int gr_rs_apply_checked(const gr_ruleset *rs, const void *scn, void *state, const gr_action *a, gr_dice *dice,
                        void *memo);
/* 1 when the ruleset has its own apply_checked (one call instead of two) */
int gr_rs_has_apply_checked(const gr_ruleset *rs);
/* 1 when the ruleset keeps a memo per search thread */
int gr_rs_has_memo(const gr_ruleset *rs);
/* a memo for one thread (NULL: the ruleset has none, or out of memory:
 * gr_rs_has_memo tells which) and its release (NULL is fine) */
void *gr_rs_memo_create(const gr_ruleset *rs, const void *scn);
void gr_rs_memo_free(const gr_ruleset *rs, void *memo);
/* ai.terms_some (version 6 and later) for the entries want[k] != 0, or
 * ai.terms for them all */
void gr_rs_terms(const gr_ruleset *rs, const void *scn, const void *state, const unsigned char *want, double *out);
/* ai.action_infos (version 8 and later), or ai.action_info for each of
 * a[0..n-1]: the same facts either way (a table without action_info: a
 * manoeuvre of no unit) */
void gr_rs_action_infos(const gr_ruleset *rs, const void *scn, const void *state, const gr_action *a, int n,
                        gr_action_info *out);
/* ai.attacker (version 9 and later), or GR_SIDE_NONE */
int gr_rs_attacker(const gr_ruleset *rs, const void *scn);
/* fast.state_hash (version 5 and later), or the hash of every byte of the state */
uint64_t gr_rs_state_hash(const gr_ruleset *rs, const void *scn, const void *state, uint64_t seed);
/* fast.state_span (version 7 and later), or rules.state_size */
size_t gr_rs_state_span(const gr_ruleset *rs, const void *scn);

/* 0 when the table is complete for the version it declares; -1 naming the
 * first required member missing (the registry checks every ruleset once) */
int gr_rs_check(const gr_ruleset *rs, gr_error *err);
/* present->order_note where the ruleset has it (version 3), else "" */
void gr_rs_order_note(const gr_ruleset *rs, const void *scn, const void *state, const gr_action *a, char *buf,
                      size_t cap);
/* present->drag_order where the ruleset has it (version 4); -1 with a
 * message saying orders come from the list otherwise */
int gr_rs_drag_order(const gr_ruleset *rs, const void *scn, const void *state, const char *ref, double dx, double dy,
                     char *buf, size_t cap, gr_error *err);
/* present->prompt_note where the ruleset has it (version 3), else "" */
void gr_rs_prompt_note(const gr_ruleset *rs, const void *scn, const void *state, char *buf, size_t cap);

/* For a ruleset's ai.unit_info, on an `out` zeroed beforehand: out->name
 * the scenario's name cut to fit, and out->ref `prefix` and the index
 * ("u3"), the bytes snprintf's "%s" and "%c%d" would write. The searches'
 * doctrines ask for unit_info hundreds of thousands of times a game, and
 * snprintf's formatting cost them more than the rest of their work. */
void gr_rs_unit_label(gr_unit_info *out, const char *name, char prefix, int index);

#endif
