/* ruleset.c - the hexwar package's entry in the registry: its gr_ruleset,
 * the tables of the interface filled from the files that do the work
 * (turn.c the turn over the core's step machinery, ai.c the neutral facts
 * and the evaluation's view, victory.c the result and the clock, present.c
 * and invariants.c what front ends and tests show and check, notation.c
 * what people type). It has no `fast` table: search uses the plain rules. */
#include "hexwar.h"

static const gr_rules rules = {
    .state_size = sizeof(hexwar_state),
    .scenario_load = hexwar_scenario_load,
    .scenario_free = hexwar_scenario_free,
    .init = hexwar_init,
    .to_move = hexwar_to_move,
    .legal_actions = hexwar_legal_actions,
    .apply = hexwar_apply,
    .result = hexwar_result,
    .turn = hexwar_turn,
    .phase = hexwar_phase,
    .settle_phase = HEXWAR_PH_COMBAT, /* the other side has moved in answer and is about to attack */
};

static const gr_ai_view ai = {
    .action_info = hexwar_action_info,
    .unit_count = hexwar_unit_count,
    .unit_info = hexwar_unit_info,
    .levels = HEXWAR_LEVELS,
    .unit_worth = hexwar_unit_worth,
    .nterms = HEXWAR_TERMS,
    .term_names = hexwar_term_names,
    .terms = hexwar_terms,
    .clock = hexwar_clock,
    .pace = HEXWAR_PACE,
    .worse_words = "loses a step",
    .worst_words = "is reduced",
};

static const gr_present present = {
    .format_action = hexwar_format_action,
    .parse_action = hexwar_parse_action,
    .edit = NULL,
    .describe_decision = hexwar_describe,
    .state_to_json = hexwar_state_to_json,
    .state_from_json = NULL,
    .board = hexwar_board,
    .render_items = hexwar_render_items,
    .check_invariants = hexwar_check_invariants,
    .summary = hexwar_summary,
    .drag_order = hexwar_drag_order,
};

const gr_ruleset hexwar_ruleset = {
    .version = GR_RULESET_VERSION,
    .name = "hexwar",
    .title = "Hex and Counter, an example ruleset",
    .rules = &rules,
    .fast = NULL,
    .ai = &ai,
    .present = &present,
    .verbs = NULL,
};
