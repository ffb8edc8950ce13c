/* audit.h - moves a player would laugh at, counted in played games.
 *
 * An audit watches a game action by action (the position before, the
 * action, the position after) through the ruleset seam alone, so it serves
 * every ruleset, and counts four kinds of blunder a wargamer spots at once:
 *   - guns turned away: artillery turned (or moved) so that no enemy is in
 *     front of it any more, when one was before;
 *   - guns into close range: artillery ordered forward to end close to enemy
 *     foot or horse (GR_AUDIT_NEAR_PACE of a move) when it started farther,
 *     a turn or a change of formation in place aside;
 *   - back and forth: a unit ordered one way in its side's move and back
 *     the opposite way in that side's next move;
 *   - idle while not winning: a side that orders nothing forward, back,
 *     round or to fire for GR_AUDIT_IDLE_MOVES of its own moves in a row,
 *     while it had such orders to give and the game, ended by time then,
 *     would not be its win.
 * The measures (bench/audit/pieces.c) read where the ruleset draws each
 * unit (render_items: its bases on a table, its hex on a map). `grognard
 * audit` runs it over game records (cli/cmd_audit.c); docs/ai.md says what
 * it found in self-play. */
#ifndef GR_AUDIT_H
#define GR_AUDIT_H

#include <stddef.h>

#include "../../engine/core/error.h"
#include "../../engine/core/game.h"
#include "../../engine/core/record.h"

/* "close" for guns: a third of an ordinary move (fogn: 2 MU, the close
 * range of muskets; Lasalle 1.3 BW; hexwar: the next hex) */
#define GR_AUDIT_NEAR_PACE (1.0 / 3.0)
/* a unit whose ground's centre moved less than this (a twelfth of an
 * ordinary move, fogn 0.5 MU) has turned or re-formed where it stood: such
 * an order is not "sent forward" */
#define GR_AUDIT_STILL_PACE (1.0 / 12.0)
/* the least move that counts toward back and forth: a third of an ordinary move */
#define GR_AUDIT_FAR_PACE (1.0 / 3.0)
/* two moves are "back and forth" when the cosine of the angle between them
 * is at most this (opposite within about 45 degrees) */
#define GR_AUDIT_REVERSE_COS (-0.7)
/* own moves in a row with nothing ordered that make a side "idle" */
#define GR_AUDIT_IDLE_MOVES 4

typedef enum gr_audit_check {
    GR_AUDIT_GUNS_AWAY = 0,
    GR_AUDIT_GUNS_CLOSE,
    GR_AUDIT_BACK_FORTH,
    GR_AUDIT_IDLE,
    GR_AUDIT_NCHECKS
} gr_audit_check;

/* one blunder seen */
typedef struct gr_audit_finding {
    int check;          /* gr_audit_check */
    int move;           /* the player-move it happened in (rules->turn) */
    int side;
    int unit;           /* the unit, -1 for a whole side */
    int length;         /* GR_AUDIT_IDLE: the own moves in the streak; else 0 */
    char order[96];     /* the order, in notation ("" for a side) */
    char what[224];     /* what happened, in words */
} gr_audit_finding;

typedef struct gr_audit gr_audit;

/* A short name of a check ("guns turned away") and what it counts. */
const char *gr_audit_check_name(int check);
const char *gr_audit_check_means(int check);

/* An audit of one game of g; NULL when out of memory. */
gr_audit *gr_audit_new(const gr_game *g);
void gr_audit_free(gr_audit *a);
/* One action: the position it was chosen in, the action, the position it
 * left. 0, or -1 when out of memory. */
int gr_audit_step(gr_audit *a, const void *before, const gr_action *act, const void *after);
/* The game's end (or as far as it was watched): closes the last move and
 * any streak still open. Call once, after the last step. */
int gr_audit_finish(gr_audit *a, const void *final_state);

/* What was found: counts per check, the actions and the player-moves seen. */
long gr_audit_count(const gr_audit *a, int check);
long gr_audit_actions(const gr_audit *a);
const gr_audit_finding *gr_audit_findings(const gr_audit *a, size_t *n);

/* Replays a record (its recorded dice) through an audit, then finishes it;
 * corrections typed at the table are applied and not audited. 0, or -1
 * naming the action that failed. */
int gr_audit_record(const gr_game *g, const gr_record *rec, gr_audit *a, gr_error *err);

#endif
