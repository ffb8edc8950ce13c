/* setup_tables.c - the tables of "Set Up the Game" [J, p.86-91]: the
 * weather for a 2d6 sum (ruling R-110: the printed table is lost), the
 * board for the two players' dice, the pieces each board is built from
 * (ruling R-111: the diagrams are lost), and the setup's dice and notes. */
#include "setup.h"

#include <stdarg.h>
#include <stdio.h>

lasalle_setup_weather lasalle_setup_weather_of(int sum)
{
    /* R-110 (spec §19.1 placeholder): 2 snow + mud, 3 rain + mud, 4 mud, 5-10 dry and clear, 11 rain on dry
     * ground, 12 rain + mud */
    lasalle_setup_weather w = {LASALLE_DRY, LASALLE_NO_PRECIP};
    if (sum <= 2) w = (lasalle_setup_weather){LASALLE_MUD, LASALLE_SNOW};
    else if (sum == 3 || sum >= 12) w = (lasalle_setup_weather){LASALLE_MUD, LASALLE_RAIN};
    else if (sum == 4) w.ground = LASALLE_MUD;
    else if (sum == 11) w.precip = LASALLE_RAIN;
    return w;
}

int lasalle_setup_board_of(int a_die, int b_die)
{
    /* [J Roll for the Board, p.87]: A's die odd or even picks the set of six, B's die the board in it */
    return (a_die % 2 ? LASALLE_BOARD_VALLEY : LASALLE_BOARD_RIVER_CROSSING) + (b_die - 1);
}

static const char *const board_names[LASALLE_BOARD_COUNT] = {
    "The River Crossing", "The Village in the Woods", "The Ridges Outside Town", "The Chateau and the Town",
    "The Farms and Fields", "The Clearing", "The Valley", "The Walled Farms", "The Marshy Ground", "The Dry Hills",
    "The Harbor Town", "The Crossroads",
};

const char *lasalle_setup_board_name(int board)
{
    return board >= 0 && board < LASALLE_BOARD_COUNT ? board_names[board] : "?";
}

static const char *const piece_names[LASALLE_PK_COUNT] = {
    "Hill", "Hill", "Woods", "Rocky ground", "Ploughed field", "Orchard", "Marsh", "Town base", "Chateau",
    "Wall", "Road", "Road", "Stream", "River", "Harbour",
};

const char *lasalle_setup_piece_name(int kind)
{
    return kind >= 0 && kind < LASALLE_PK_COUNT ? piece_names[kind] : "Crossing";
}

/* each board is rebuilt from what its name says (the book's map legend, p.88), its pieces' places
 * rolled; rivers and roads first (the rest keeps clear of them), then the areas */
#define H LASALLE_PK_HILL
#define H2 LASALLE_PK_HILL2
#define W LASALLE_PK_WOODS
#define K LASALLE_PK_ROCKY
#define F LASALLE_PK_FIELD
#define O LASALLE_PK_ORCHARD
#define M LASALLE_PK_MARSH
#define T LASALLE_PK_TOWN
#define C LASALLE_PK_CHATEAU
#define L LASALLE_PK_WALL
#define RN LASALLE_PK_ROAD_NS
#define RW LASALLE_PK_ROAD_WE
#define S_ LASALLE_PK_STREAM
#define R LASALLE_PK_RIVER
#define HB LASALLE_PK_HARBOR
static const int b0[] = {R, RN, W, F};                  /* the River Crossing */
static const int b1[] = {RN, T, T, T, W, W, W};         /* the Village in the Woods */
static const int b2[] = {RN, H2, H, T, T, F};           /* the Ridges Outside Town */
static const int b3[] = {RN, C, L, T, T, T, O};         /* the Chateau and the Town */
static const int b4[] = {RN, T, T, F, F, O, L};         /* the Farms and Fields */
static const int b5[] = {W, W, W, W, H};                /* the Clearing */
static const int b6[] = {S_, H2, H, W};                  /* the Valley */
static const int b7[] = {RN, T, L, T, L, F};            /* the Walled Farms */
static const int b8[] = {S_, M, M, M, W};                /* the Marshy Ground */
static const int b9[] = {H2, H, H, K, K};               /* the Dry Hills */
static const int b10[] = {HB, RN, T, T, T, O};          /* the Harbor Town */
static const int b11[] = {RW, RN, T, W, H};             /* the Crossroads */
static const struct {
    const int *k;
    int n;
} boards[LASALLE_BOARD_COUNT] = {
    {b0, 4}, {b1, 7}, {b2, 6}, {b3, 7}, {b4, 7}, {b5, 5}, {b6, 4}, {b7, 6}, {b8, 5}, {b9, 5}, {b10, 6}, {b11, 5},
};
#undef H
#undef H2
#undef W
#undef K
#undef F
#undef O
#undef M
#undef T
#undef C
#undef L
#undef RN
#undef RW
#undef S_
#undef R
#undef HB

int lasalle_setup_board_pieces(int board, const int **kinds)
{
    if (board < 0 || board >= LASALLE_BOARD_COUNT) return 0;
    *kinds = boards[board].k;
    return boards[board].n;
}

int lasalle_setup_d6(lasalle_setup *S, int side, const char *fmt, ...)
{
    char purpose[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(purpose, sizeof purpose, fmt, ap);
    va_end(ap);
    S->dice->side = side;
    int v = gr_dice_d6(S->dice, purpose);
    S->dice->side = -1;
    return v;
}

void lasalle_setup_note(lasalle_setup *S, int side, const char *fmt, ...)
{
    char text[320];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (S->log) gr_log_add(S->log, GR_EV_NOTE, side, "%s", text);
}
