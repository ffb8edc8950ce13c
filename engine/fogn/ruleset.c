/* ruleset.c - the fogn package's entry in the registry: its gr_ruleset,
 * the tables of the interface filled from the files that do the work
 * (rules/turn.c the move, rules/worth.c the evaluation's view,
 * rules/describe.c the neutral facts, rules/present.c what front ends
 * show, rules/notation.c and rules/edit.c what people type), and the
 * package's own verbs. */
#include "fogn.h"
#include "rules/order_note.h"
#include "rules/drag.h"
#include "rules/edit.h"
#include "rules/memo.h"
#include "rules/present.h"
#include "rules/turn.h"
#include "rules/worth.h"
#include "verbs.h"
#include "rules/describe.h"
#include "rules/notation.h"

static void *memo_create(const void *scn)
{
    (void)scn;
    return fogn_memo_create();
}

static void memo_free(void *memo) { fogn_memo_free(memo); }

static const gr_rules rules = {
    .state_size = sizeof(fogn_state),
    .scenario_load = fogn_scenario_load,
    .scenario_free = fogn_scenario_free,
    .init = fogn_init,
    .to_move = fogn_to_move,
    .legal_actions = fogn_legal_actions,
    .apply = fogn_apply,
    .result = fogn_result,
    .turn = fogn_turn,
    .phase = fogn_move_phase,
    .settle_phase = FOGN_PH_MOVEMENT, /* after the next move's assaults and both sides' fire */
};

static const gr_fast fast = {
    .candidates = fogn_candidates,
    .action_legal = fogn_action_legal,
    .memo_create = memo_create,
    .memo_free = memo_free,
    .apply_memo = fogn_apply_memo,
    .apply_checked = fogn_apply_checked,
    .state_hash = fogn_state_hash,
    .state_span = fogn_state_span,
};

static const gr_ai_view ai = {
    .action_info = fogn_action_info,
    .unit_count = fogn_unit_count,
    .unit_info = fogn_unit_info,
    .levels = FOGN_WORTH_LEVELS,
    .unit_worth = fogn_unit_worth,
    .nterms = FOGN_TERMS,
    .term_names = fogn_term_names,
    .terms = fogn_terms,
    .clock = fogn_clock,
    .pace = FOGN_PACE_MU,
    .worse_words = "loses cohesion",
    .worst_words = "breaks",
    .terms_some = fogn_terms_some,
    .attacker = fogn_attacker,
};

static const gr_present present = {
    .format_action = fogn_format_action,
    .parse_action = fogn_parse_action,
    .edit = fogn_edit,
    .describe_decision = fogn_describe,
    .state_to_json = fogn_state_to_json,
    .state_from_json = NULL,
    .board = fogn_board,
    .render_items = fogn_render_items,
    .check_invariants = fogn_check_invariants,
    .summary = fogn_summary,
    .order_note = fogn_order_note,
    .other_names = fogn_other_names,
    .prompt_note = fogn_prompt_note,
    .drag_order = fogn_drag_order,
};

const gr_ruleset fogn_ruleset = {
    .version = GR_RULESET_VERSION,
    .name = "fogn",
    .title = "Field of Glory Napoleonic",
    .rules = &rules,
    .fast = &fast,
    .ai = &ai,
    .present = &present,
    .verbs = fogn_verbs,
};
