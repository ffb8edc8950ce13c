/* ruleset.c - the fallbacks of ruleset.h for the optional members of the
 * interface, and the check that a ruleset's tables are complete. */
#include "ruleset.h"
#include "hash.h"

#include <assert.h>
#include <string.h>

int gr_rs_checks_candidates(const gr_ruleset *rs)
{
    return rs->fast && rs->fast->candidates && rs->fast->action_legal;
}

int gr_rs_candidates(const gr_ruleset *rs, const void *scn, const void *state, gr_action *out, int max)
{
    if (gr_rs_checks_candidates(rs)) return rs->fast->candidates(scn, state, out, max);
    return rs->rules->legal_actions(scn, state, out, max);
}

int gr_rs_expand_actions(const gr_ruleset *rs, const void *scn, const void *state, gr_action *out, int max)
{
    if (rs->fast && rs->fast->expand_with_menu) return rs->rules->legal_actions(scn, state, out, max);
    return gr_rs_candidates(rs, scn, state, out, max);
}

int gr_rs_action_legal(const gr_ruleset *rs, const void *scn, const void *state, const gr_action *a)
{
    return gr_rs_checks_candidates(rs) ? rs->fast->action_legal(scn, state, a) : 1;
}

int gr_rs_check_candidates(const gr_ruleset *rs, const void *scn, const void *state, gr_error *err)
{
    if (!gr_rs_checks_candidates(rs)) return 0;
    gr_action menu[GR_MAX_ACTIONS], cand[GR_MAX_ACTIONS];
    int n = rs->rules->legal_actions(scn, state, menu, GR_MAX_ACTIONS);
    int nc = rs->fast->candidates(scn, state, cand, GR_MAX_ACTIONS), k = 0;
    char text[128];
    for (int c = 0; c < nc; c++) {
        if (!rs->fast->action_legal(scn, state, &cand[c])) continue;
        if (k < n && !memcmp(&cand[c], &menu[k], sizeof cand[c])) {
            k++;
            continue;
        }
        rs->present->format_action(scn, state, &cand[c], text, sizeof text);
        return gr_error_set(err, "candidate %d, '%s', is passed as legal but is not the menu's entry %d", c, text, k);
    }
    if (k == n) return 0;
    rs->present->format_action(scn, state, &menu[k], text, sizeof text);
    return gr_error_set(err, "the menu's entry %d, '%s', is not among the candidates passed as legal", k, text);
}

int gr_rs_apply_memo(const gr_ruleset *rs, const void *scn, void *state, const gr_action *a, gr_dice *dice,
                     gr_log *log, void *memo, gr_error *err)
{
    if (rs->fast && rs->fast->apply_memo) return rs->fast->apply_memo(scn, state, a, dice, log, memo, err);
    return rs->rules->apply(scn, state, a, dice, log, err);
}

int gr_rs_has_apply_checked(const gr_ruleset *rs) { return rs->fast && rs->fast->apply_checked; }

int gr_rs_apply_checked(const gr_ruleset *rs, const void *scn, void *state, const gr_action *a, gr_dice *dice,
                        void *memo)
{
    if (gr_rs_has_apply_checked(rs)) return rs->fast->apply_checked(scn, state, a, dice, memo);
    if (!gr_rs_action_legal(rs, scn, state, a)) return 1;
    return gr_rs_apply_memo(rs, scn, state, a, dice, NULL, memo, NULL);
}

int gr_rs_has_memo(const gr_ruleset *rs) { return rs->fast && rs->fast->memo_create && rs->fast->memo_free; }

void *gr_rs_memo_create(const gr_ruleset *rs, const void *scn)
{
    return gr_rs_has_memo(rs) ? rs->fast->memo_create(scn) : NULL;
}

void gr_rs_memo_free(const gr_ruleset *rs, void *memo)
{
    if (memo && gr_rs_has_memo(rs)) rs->fast->memo_free(memo);
}

void gr_rs_terms(const gr_ruleset *rs, const void *scn, const void *state, const unsigned char *want, double *out)
{
    if (rs->version >= 6 && rs->ai->terms_some) rs->ai->terms_some(scn, state, want, out);
    else rs->ai->terms(scn, state, out);
}

int gr_rs_attacker(const gr_ruleset *rs, const void *scn)
{
    if (rs->version >= 9 && rs->ai->attacker) return rs->ai->attacker(scn);
    return GR_SIDE_NONE;
}

void gr_rs_action_infos(const gr_ruleset *rs, const void *scn, const void *state, const gr_action *a, int n,
                        gr_action_info *out)
{
    if (rs->version >= 8 && rs->ai->action_infos) {
        rs->ai->action_infos(scn, state, a, n, out);
        return;
    }
    for (int k = 0; k < n; k++) {
        if (rs->ai->action_info) {
            rs->ai->action_info(scn, state, &a[k], &out[k]);
            continue;
        }
        /* a table built by hand without it (a test's toy): a manoeuvre of no unit */
        out[k] = (gr_action_info){.kind = GR_AK_MANOEUVRE, .shape = GR_SHAPE_NONE, .unit = -1, .enemy = -1,
                                  .objective = -1};
    }
}

uint64_t gr_rs_state_hash(const gr_ruleset *rs, const void *scn, const void *state, uint64_t seed)
{
    if (rs->version >= 5 && rs->fast && rs->fast->state_hash) return rs->fast->state_hash(scn, state, seed);
    return gr_hash_bytes(state, rs->rules->state_size, seed);
}

size_t gr_rs_state_span(const gr_ruleset *rs, const void *scn)
{
    if (rs->version >= 7 && rs->fast && rs->fast->state_span) {
        size_t n = rs->fast->state_span(scn);
        if (n > 0 && n <= rs->rules->state_size) return n;
    }
    return rs->rules->state_size;
}

#define NEED(table, member)                                                                                     \
    do {                                                                                                        \
        if (!(table)->member)                                                                                   \
            return gr_error_set(err, "ruleset %s: %s.%s is missing", rs->name, #table, #member);              \
    } while (0)

int gr_rs_check(const gr_ruleset *rs, gr_error *err)
{
    if (!rs->name || !rs->title) return gr_error_set(err, "a ruleset has no name or title");
    if (rs->version < 2 || rs->version > GR_RULESET_VERSION)
        return gr_error_set(err, "ruleset %s: interface version %d, this program knows 2 to %d", rs->name,
                            rs->version, GR_RULESET_VERSION);
    if (!rs->rules || !rs->ai || !rs->present)
        return gr_error_set(err, "ruleset %s: the rules, ai and present tables are required", rs->name);
    const gr_rules *rules = rs->rules;
    const gr_ai_view *ai = rs->ai;
    const gr_present *present = rs->present;
    if (!rules->state_size) return gr_error_set(err, "ruleset %s: rules.state_size is 0", rs->name);
    NEED(rules, scenario_load);
    NEED(rules, scenario_free);
    NEED(rules, init);
    NEED(rules, to_move);
    NEED(rules, legal_actions);
    NEED(rules, apply);
    NEED(rules, result);
    NEED(rules, turn);
    NEED(rules, phase);
    NEED(ai, action_info);
    NEED(ai, unit_count);
    NEED(ai, unit_info);
    NEED(ai, unit_worth);
    NEED(ai, terms);
    if (ai->levels < 1) return gr_error_set(err, "ruleset %s: ai.levels must be at least 1", rs->name);
    if (ai->nterms < 0 || (ai->nterms > 0 && !ai->term_names))
        return gr_error_set(err, "ruleset %s: ai.term_names must name ai.nterms terms", rs->name);
    if (!(ai->pace > 0)) return gr_error_set(err, "ruleset %s: ai.pace must be a positive distance", rs->name);
    NEED(present, format_action);
    NEED(present, parse_action);
    NEED(present, describe_decision);
    NEED(present, state_to_json);
    NEED(present, board);
    NEED(present, render_items);
    NEED(present, check_invariants);
    NEED(present, summary);
    if (rs->fast && (!rs->fast->memo_create) != (!rs->fast->memo_free))
        return gr_error_set(err, "ruleset %s: fast.memo_create and fast.memo_free come together", rs->name);
    for (const gr_verb *v = rs->verbs; v && v->name; v++)
        if (!v->run || !v->summary) return gr_error_set(err, "ruleset %s: verb %s has no run or summary", rs->name, v->name);
    return 0;
}

void gr_rs_order_note(const gr_ruleset *rs, const void *scn, const void *state, const gr_action *a, char *buf,
                      size_t cap)
{
    if (cap) buf[0] = '\0';
    if (rs->version >= 3 && rs->present->order_note && cap) rs->present->order_note(scn, state, a, buf, cap);
}

int gr_rs_drag_order(const gr_ruleset *rs, const void *scn, const void *state, const char *ref, double dx, double dy,
                     char *buf, size_t cap, gr_error *err)
{
    if (cap) buf[0] = '\0';
    if (rs->version < 4 || !rs->present->drag_order)
        return gr_error_set(err, "%s has no orders given by dragging a piece: pick one from the list", rs->title);
    return rs->present->drag_order(scn, state, ref, dx, dy, buf, cap, err);
}

void gr_rs_prompt_note(const gr_ruleset *rs, const void *scn, const void *state, char *buf, size_t cap)
{
    if (cap) buf[0] = '\0';
    if (rs->version >= 3 && rs->present->prompt_note && cap) rs->present->prompt_note(scn, state, buf, cap);
}

void gr_rs_unit_label(gr_unit_info *out, const char *name, char prefix, int index)
{
    assert(index >= 0);
    size_t n = strnlen(name, sizeof out->name - 1);
    memcpy(out->name, name, n);
    out->name[n] = '\0';
    char digits[12];
    int k = 0;
    unsigned v = (unsigned)index;
    do {
        digits[k++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    size_t at = 0;
    out->ref[at++] = prefix;
    while (k > 0 && at < sizeof out->ref - 1) out->ref[at++] = digits[--k];
    out->ref[at] = '\0';
}
