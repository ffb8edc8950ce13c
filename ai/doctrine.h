/* doctrine.h - the scripted doctrines' rules of thumb (doctrine_score.c).
 * Each scores an action by what it does and to whom, read only from
 * gr_action_info and gr_unit_info, so a doctrine plays any ruleset that
 * describes its actions and units. The doctrine players (player.h) take the
 * best-scored action; a search's playouts may follow a doctrine too
 * (policy.h gr_stop). Distances are in the ruleset's pace (gr_ai_view). */
#ifndef GR_DOCTRINE_H
#define GR_DOCTRINE_H

#include "../engine/core/game.h"
#include "../engine/core/ruleset.h"

typedef enum gr_doctrine_kind {
    GR_DOCTRINE_COLUMNS = 0, /* columns and cavalry forward at the weakest enemy */
    GR_DOCTRINE_LINE,        /* hold a line behind the guns, counter-attack the shaken */
    GR_DOCTRINE_CAVALRY,     /* the horse first at the weakest enemy, the foot after */
    GR_DOCTRINE_ASSAULT,     /* the foot in column on the objective, charging */
    GR_DOCTRINE_COUNT
} gr_doctrine_kind;

/* the units a view keeps the facts of; a scenario with more has them
 * asked of the ruleset each time (the same facts) */
#define GR_DOCTRINE_VIEW_UNITS 64

/* What a doctrine looks at once a decision: whose decision it is, the
 * enemy unit it goes for (the most shaken, then the cheapest; -1 for the
 * line, which goes for none), and every unit's facts (gr_unit_info), asked
 * of the ruleset once for all the actions scored from the view. */
typedef struct gr_doctrine_view {
    int focus;
    int side;
    int n; /* units in u: the scenario's, or 0 when it has more than GR_DOCTRINE_VIEW_UNITS */
    gr_unit_info u[GR_DOCTRINE_VIEW_UNITS];
} gr_doctrine_view;

/* 1 when the ruleset describes its actions and units (ai->action_info,
 * unit_info and unit_count), as every doctrine needs. */
int gr_doctrine_usable(const gr_game *g);
/* The doctrines' names, for messages that list them (as doctrine_score.c parses them). */
#define GR_DOCTRINE_LIST "columns, line, cavalry, assault"
/* The doctrine named "columns", "line", "cavalry" or "assault": 0, or -1. */
int gr_doctrine_parse(const char *name, gr_doctrine_kind *k);
/* The view of `side` deciding at `state`; it holds for that state only. */
void gr_doctrine_view_init(gr_doctrine_view *v, gr_doctrine_kind k, const gr_game *g, const void *state, int side);
/* The doctrine's score of an action with these facts (higher is better, > 0). */
double gr_doctrine_score(gr_doctrine_kind k, const gr_game *g, const void *state, const gr_doctrine_view *v,
                         const gr_action_info *in);

#endif
