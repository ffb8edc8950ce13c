/* engineer.h - Engineering, an optional rule [H Engineering, p.77-79]:
 * engineer bases, markers that are never shot at or attacked. A scenario
 * lists each side's engineers ("engineers" of a side; without the key an
 * army has one, kept off the table). In the Engineering step of its own
 * Status Phase a side first settles its working engineers (an Assault
 * engineer whose unit broke is lost with it), then may deploy each
 * engineer still off the table, one decision each: "eN assault uM"
 * attaches it to a regular infantry unit within the commander's range and
 * not near the enemy, for the rest of the game; or "done" keeps it back.
 * An Assault engineer gives its unit +2 combat dice in every combat, and
 * when the unit attacks, the defender's cover from works, walls and towns
 * does not count against it (woods and other natural cover still do).
 *
 * Demolition ("eN demolition tK", a bridge) and the Fortification of a
 * town base ("eN fortification tK") change the table: engineer_task.h.
 * Bridging and field works are not built: refused with the page. The
 * engineering test the tasks use (1d6, 4+ each; a wooden bridge lets each
 * engineer re-roll a failure) is lasalle_engineering_test. */
#ifndef LASALLE_ENGINEER_H
#define LASALLE_ENGINEER_H

#include "../lasalle.h"

#include <stdio.h>

#define LASALLE_ENGINEER_TEST 4         /* an engineering test passes on 4+ [H, p.78] */
#define LASALLE_ENGINEER_DICE 2         /* combat dice an Assault engineer adds [H, p.77] */
#define LASALLE_ENGINEER_MARK_BW 0.5    /* the marker is drawn as a square this wide */

/* the task's name in the notation and the scenario file ("assault", ...) */
extern const char *const lasalle_task_names[LASALLE_TASK_COUNT];

/* the state's engineers as the scenario starts them (lasalle_init) */
void lasalle_engineer_init(const lasalle_scenario *s, lasalle_state *st);
/* the working Assault engineer attached to unit i, -1 none (a broken unit has none) */
int lasalle_engineer_with(const lasalle_scenario *s, const lasalle_state *st, int i);
/* 1 when unit i fights with an engineer: the option is on and one is attached to it */
static inline int lasalle_engineer_assists(const lasalle_scenario *s, const lasalle_state *st, int i)
{
    return (s->options & LASALLE_OPT_ENGINEERING) && lasalle_engineer_with(s, st, i) >= 0;
}
/* unit i may take engineer e for Assault now: regular infantry of e's side on the table, within the
 * commander's range, not near the enemy, with no engineer yet [H, p.77-78]; 0 with why set when not */
int lasalle_assault_ok(const lasalle_scenario *s, const lasalle_state *st, int e, int i, const char **why);

/* The engineering test of n engineers on one task [H, p.78-79]: each rolls
 * 1d6 and passes on 4+; with `wooden` each may re-roll a failure. Extra
 * successes are wasted. 1 the task is done, 0 not, -1 the dice failed. */
int lasalle_engineering_test(int n, int wooden, const char *task, const gr_ctx *cx);

/* the steps: the Status Phase opens (with the option, the working engineers are settled first, then the
 * deployment decisions; without it, the Status Phase as ever) */
int lasalle_engineer_status_run(const void *scn, void *state, const gr_ctx *cx);
int lasalle_engineer_end(const void *scn);
int lasalle_engineer_due(const void *scn, const void *state, int cursor);
int lasalle_engineer_actions(const void *scn, const void *state, gr_action *out, int max);
int lasalle_engineer_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err);

/* engineer_show.c: the markers of the Assault engineers (after every other item); the engineers as a JSON
 * array; a side's engineers in the text summary */
int lasalle_engineer_markers(const lasalle_scenario *s, const lasalle_state *st, gr_render_item *out, int max);
json_t *lasalle_engineers_json(const lasalle_scenario *s, const lasalle_state *st);
/* the state's JSON object j gains "demolished" and "fortified" (terrain pieces "tK") when there are any */
void lasalle_table_changes_json(const lasalle_scenario *s, const lasalle_state *st, json_t *j);
void lasalle_engineer_summary(const lasalle_scenario *s, const lasalle_state *st, int side, FILE *out);

/* the scenario: a side's "engineers" (engineer_load.c); 0 or -1 with the message naming the JSON path */
int lasalle_engineers_load(lasalle_scenario *s, json_t *side, const char *path, int side_no, gr_error *err);

#endif
