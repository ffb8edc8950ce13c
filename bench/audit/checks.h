/* checks.h - the audit's insides, shared by its bookkeeping (audit.c) and
 * its checks (checks.c). Not for other modules: they use audit.h. */
#ifndef GR_AUDIT_CHECKS_H
#define GR_AUDIT_CHECKS_H

#include "audit.h"
#include "pieces.h"

struct gr_audit {
    const gr_game *g;
    gr_apieces pb, pa;          /* the pieces before and after the action */
    void *last;                 /* the position pa was read from */
    int have_last;
    long counts[GR_AUDIT_NCHECKS];
    long actions;
    gr_audit_finding *found;
    size_t nfound, capfound;
    gr_action *menu;            /* scratch: a decision's legal orders */
    /* the player-move being watched */
    int move;                   /* rules->turn; 0 before the first */
    long decisions[2];
    int acted[2];               /* the side gave an order of an active kind */
    int could[2];               /* ... or had one on its menu */
    int timed;                  /* the ruleset keeps a clock with a timed end */
    double timed0;              /* side 0's score were the game to end by time at the move's start */
    gr_vec2 *start;             /* per unit: its point when the move began */
    unsigned char *ordered;     /* per unit: moved by an order of its own in this move */
    char (*order)[96];          /* per unit: that order */
    /* per unit: the last move of its side in which its own orders moved it */
    gr_vec2 *last_vec;
    int *last_own;              /* own_moves[side] then, -1 none */
    char (*last_order)[96];
    int own_moves[2];           /* the moves in which each side was the mover */
    int streak[2];              /* each side's idle moves in a row so far */
    int streak_from[2], streak_to[2];   /* the first and last of them (rules->turn) */
};

/* kinds of order that do something (advance, attack, fire, fall back,
 * form, manoeuvre) and, of those, the ones that move the unit */
int gr_audit_active_kind(int kind);
int gr_audit_moving_kind(int kind);

int gr_audit_add(gr_audit *a, const gr_audit_finding *f);
/* the checks of one artillery order (guns turned away, into close range) */
int gr_audit_guns(gr_audit *a, const void *before, const gr_action *act, const gr_action_info *info);
/* a player-move opened on a position and closed on the one that ends it
 * (back and forth, idle); both read the pieces given */
void gr_audit_begin_move(gr_audit *a, int move, const void *state, const gr_apieces *p);
int gr_audit_end_move(gr_audit *a, const gr_apieces *p);
/* an idle streak of a side ended: kept as a finding when long enough */
int gr_audit_close_streak(gr_audit *a, int side);

#endif
