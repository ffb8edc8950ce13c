/* ruleset.c - the Lasalle package's entry in the registry: its gr_ruleset,
 * the tables of the interface filled from the files that do the work
 * (rules/turn.c the turn over the core's step machinery, rules/ai.c the
 * neutral facts and the evaluation's view, rules/status.c the result and
 * the clock, rules/present.c and rules/invariants.c what front ends and
 * tests show and check, rules/notation.c what people type). Its `fast`
 * table lets playouts and random play check an Activity menu's entries
 * only as they try them. Its verbs: `army`, the Army Builder's (armylist/), `setup`, Set Up
 * the Game's (setup/), and `continue`, Continuing Games and Campaigns'
 * (campaign/). */
#include "lasalle.h"
#include "rules/drag.h"
#include "armylist/armylist.h"
#include "setup/setup.h"
#include "campaign/campaign.h"
#include "rules/ai.h"
#include "rules/menu_note.h"
#include "rules/notation.h"
#include "rules/present.h"
#include "rules/scenario.h"
#include "rules/status.h"
#include "rules/turn.h"

static const gr_rules rules = {
    .state_size = sizeof(lasalle_state),
    .scenario_load = lasalle_scenario_load,
    .scenario_free = lasalle_scenario_free,
    .init = lasalle_init,
    .to_move = lasalle_to_move,
    .legal_actions = lasalle_legal_actions,
    .apply = lasalle_apply,
    .result = lasalle_result,
    .turn = lasalle_turn,
    .phase = lasalle_phase,
    /* the next turn's Activity Phase: the other side has reacted to the mover's charges and fought them */
    .settle_phase = LASALLE_PH_ACTIVITY,
};

static const gr_ai_view ai = {
    .action_info = lasalle_action_info,
    .unit_count = lasalle_unit_count,
    .unit_info = lasalle_unit_info,
    .levels = LASALLE_LEVELS,
    .unit_worth = lasalle_unit_worth,
    .nterms = LASALLE_TERMS,
    .term_names = lasalle_term_names,
    .terms = lasalle_terms,
    .clock = lasalle_clock,
    .pace = LASALLE_PACE,
    .worse_words = "takes a DISR",
    .worst_words = "breaks",
    .action_infos = lasalle_action_infos,
    .attacker = lasalle_attacker,
};

static const gr_present present = {
    .format_action = lasalle_format_action,
    .parse_action = lasalle_parse_action,
    .edit = NULL,
    .describe_decision = lasalle_describe,
    .state_to_json = lasalle_state_to_json,
    .state_from_json = NULL,
    .board = lasalle_board,
    .render_items = lasalle_render_items,
    .check_invariants = lasalle_check_invariants,
    .summary = lasalle_summary,
    .order_note = lasalle_order_note,
    .other_names = lasalle_other_names,
    .drag_order = lasalle_drag_order,
};

static const gr_verb verbs[] = {
    {"army", "Lasalle's Army Builder: lists, army files checked, armies rolled (book chapter K)", lasalle_army_verb},
    {"setup", "a pickup battle set up by the book (J, p.86-91): ARMY_A ARMY_B --seed N [--out FILE] [--svg FILE]",
     lasalle_setup_verb},
    {"continue", "Continuing Games (H, p.79): a finished GAME's broken units tested, the next battle written: "
                 "GAME --seed N [--stay-a stay|leave] [--stay-b stay|leave] [--out FILE]",
     lasalle_continue_verb},
    {NULL, NULL, NULL},
};

/* the search's apply, which takes orders in the cursor's order, and the Activity menus checked one entry at
 * a time as a playout or a random draw tries them (turn.c); the search's nodes are the checked menus, as
 * their candidates are several times as many (docs/results.md: with the candidates as children the default
 * player lost strength against greedy) */
static const gr_fast fast = {
    .candidates = lasalle_candidates,
    .action_legal = lasalle_action_legal,
    .apply_memo = lasalle_apply_memo,
    .apply_checked = lasalle_apply_checked,
    .expand_with_menu = 1,
};

const gr_ruleset lasalle_ruleset = {
    .version = GR_RULESET_VERSION,
    .name = "lasalle",
    .title = "Lasalle",
    .rules = &rules,
    .fast = &fast,
    .ai = &ai,
    .present = &present,
    .verbs = verbs,
};
