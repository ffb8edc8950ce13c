/* tactics_tally.h - the tally of orders that tactics.c reads from the
 * records and tactics_page.c writes into the report: per classified game,
 * each side's orders in rows of kind by arm, and per scenario its players
 * and how many of its games were classified. Shared by those two files
 * only. */
#ifndef GR_ARENA_TACTICS_TALLY_H
#define GR_ARENA_TACTICS_TALLY_H

#include <stddef.h>
#include "../../engine/core/game.h"
#include "results.h"

#define GR_TACTICS_ARMS (GR_ARM_CMDR + 1)   /* GR_ARM_NONE .. GR_ARM_CMDR */
#define GR_TACTICS_KINDS (GR_AK_COUNT + 1)  /* the seam's kinds, and one for a kind it does not name */
/* row kind * GR_TACTICS_ARMS + arm (arm GR_ARM_NONE for a kind not split
 * by arm), and last the row of every order */
#define GR_TACTICS_ROWS (GR_TACTICS_KINDS * GR_TACTICS_ARMS + 1)
#define GR_TACTICS_ALL (GR_TACTICS_ROWS - 1)
#define GR_TACTICS_SCEN_CAP sizeof(((gr_arena_game *)0)->scenario)

/* One classified game: who played it, how it ended, every side's orders. */
typedef struct gr_tactics_game {
    size_t scen;
    char players[2][GR_ARENA_SPEC_MAX];
    double score[2];
    int winner;
    long orders[2][GR_TACTICS_ROWS];
} gr_tactics_game;

typedef struct gr_tactics_scen {
    char name[GR_TACTICS_SCEN_CAP];
    char slug[64];
    char (*pl)[GR_ARENA_SPEC_MAX];      /* its players, sorted: numbered as in the cross table */
    size_t npl;
    long games, classified, missing, bad;
} gr_tactics_scen;

struct gr_tactics {
    gr_tactics_scen *sc;
    size_t ns;
    gr_tactics_game *g;
    size_t ng, capg;
};

/* The name of a row for the page: "fire by artillery", "holds", "all orders". */
void gr_tactics_row_label(int row, char *buf, size_t cap);

#endif
