/* crt.c - the odds of a combat and the combat results table
 * (docs/hexwar.md §4.4-§4.6), as pure functions: one d10 against one of
 * seven odds columns. */
#include "hexwar.h"

static const char *const column_names[HEXWAR_COLUMNS] = {"1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1"};

/* §4.5: the table, die 1 .. 10 down, odds across */
#define AE HEXWAR_AE
#define AL HEXWAR_AL
#define EX HEXWAR_EX
#define DR HEXWAR_DR
#define DL HEXWAR_DL
#define DE HEXWAR_DE
static const unsigned char crt[HEXWAR_CRT_DIE][HEXWAR_COLUMNS] = {
    /*        1:3 1:2 1:1 2:1 3:1 4:1 5:1 */
    /*  1 */ {AE, AE, AL, AL, EX, DR, DL},
    /*  2 */ {AE, AL, AL, EX, DR, DR, DL},
    /*  3 */ {AE, AL, AL, DR, DR, DL, DL},
    /*  4 */ {AE, AL, EX, DR, DL, DL, DE},
    /*  5 */ {AL, AL, DR, DR, DL, DL, DE},
    /*  6 */ {AL, EX, DR, DL, DL, DE, DE},
    /*  7 */ {AL, DR, DR, DL, DE, DE, DE},
    /*  8 */ {AL, DR, DL, DL, DE, DE, DE},
    /*  9 */ {EX, DR, DL, DE, DE, DE, DE},
    /* 10 */ {DR, DL, DE, DE, DE, DE, DE},
};
#undef AE
#undef AL
#undef EX
#undef DR
#undef DL
#undef DE

static const char *const result_names[HEXWAR_RESULT_COUNT] = {"AE", "AL", "EX", "DR", "DL", "DE"};
static const char *const result_words[HEXWAR_RESULT_COUNT] = {
    "attackers eliminated", "attacker loses a step", "exchange", "defender retreats",
    "defender loses a step and retreats", "defender eliminated"};

/* §4.4: odds rounded in the defender's favour; below 1:2 is 1:3, 5:1 and more is 5:1 */
int hexwar_odds_column(int attack, int defence)
{
    if (defence < 1) defence = 1;
    if (attack >= defence) {
        int ratio = attack / defence;
        return 1 + (ratio > 5 ? 5 : ratio);
    }
    return 2 * attack >= defence ? 1 : 0;
}

const char *hexwar_column_name(int column)
{
    return column >= 0 && column < HEXWAR_COLUMNS ? column_names[column] : "?";
}

hexwar_crt_result hexwar_crt(int column, int die)
{
    if (column < 0) column = 0;
    if (column >= HEXWAR_COLUMNS) column = HEXWAR_COLUMNS - 1;
    if (die < 1) die = 1;
    if (die > HEXWAR_CRT_DIE) die = HEXWAR_CRT_DIE;
    return (hexwar_crt_result)crt[die - 1][column];
}

const char *hexwar_result_name(hexwar_crt_result r)
{
    return (unsigned)r < HEXWAR_RESULT_COUNT ? result_names[r] : "?";
}

const char *hexwar_result_words(hexwar_crt_result r)
{
    return (unsigned)r < HEXWAR_RESULT_COUNT ? result_words[r] : "?";
}
