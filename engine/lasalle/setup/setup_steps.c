/* setup_steps.c - the first steps of "Set Up the Game" [J, p.86-91]: the
 * weather roll, the board roll and its pieces, the roles (each player's
 * secret choice, then a roll-off with the list's modifier), the defender's
 * choice of edges, and the three customising picks. */
#include "setup.h"

#include <stdio.h>

int lasalle_setup_weather_step(lasalle_setup *S, gr_error *err)
{
    int d[2];
    /* [J Roll Weather, p.87]: one player rolls two dice */
    S->dice->side = -1;
    if (!gr_dice_roll(S->dice, 2, d, "weather (2d6, J p.87)")) return gr_error_set(err, "%s", S->dice->fail_msg);
    S->weather_sum = d[0] + d[1];
    S->weather = lasalle_setup_weather_of(S->weather_sum);
    static const char *const g[] = {"dry", "mud"}, *const p[] = {"no rain", "rain", "snow"};
    lasalle_setup_note(S, -1, "weather %d: %s ground, %s", S->weather_sum, g[S->weather.ground], p[S->weather.precip]);
    return 0;
}

int lasalle_setup_board_step(lasalle_setup *S, gr_error *err)
{
    /* [J Roll for the Board, p.87]: player A (the first army) keeps odd or even, player B the number */
    S->a_die = lasalle_setup_d6(S, 0, "board: player A's die, odd or even (J p.87)");
    S->b_die = S->a_die ? lasalle_setup_d6(S, 1, "board: player B's die (J p.87)") : 0;
    if (!S->b_die) return gr_error_set(err, "%s", S->dice->fail_msg);
    S->board = lasalle_setup_board_of(S->a_die, S->b_die);
    lasalle_setup_note(S, -1, "board: %s (%s, %d)", lasalle_setup_board_name(S->board), S->a_die % 2 ? "odd" : "even",
                       S->b_die);
    const int *kinds;
    int n = lasalle_setup_board_pieces(S->board, &kinds);
    for (int i = 0; i < n; i++)
        if (lasalle_setup_place(S, kinds[i], -1, err) == -2) return -1;
    return 0;
}

/* the role a player asks for: an army file's own; a list's, the one its modifier helps, else a policy die
 * (R-116) */
static int wish(lasalle_setup *S, int side, gr_error *err)
{
    const lasalle_list_army_type *A = &S->book->nations[S->ref[side].nation].armies[S->ref[side].army];
    if (!S->rolled[side]) return S->army[side]->role;
    if (A->mod_role >= 0) return A->mod_role;
    int d = lasalle_setup_d6(S, side, "roles: policy die, 1-3 attack, 4-6 defend (R-116)");
    if (!d) return gr_error_set(err, "%s", S->dice->fail_msg);
    return d <= 3 ? LASALLE_LIST_ROLE_ATTACKER : LASALLE_LIST_ROLE_DEFENDER;
}

int lasalle_setup_roles_step(lasalle_setup *S, gr_error *err)
{
    for (int k = 0; k < 2; k++) {
        S->want[k] = wish(S, k, err);
        if (S->want[k] < 0) return -1;
        lasalle_setup_note(S, k, "asks to %s", S->want[k] == LASALLE_LIST_ROLE_ATTACKER ? "attack" : "defend");
    }
    int winner = 0;
    if (S->want[0] != S->want[1]) {
        winner = 0;
    } else {
        /* [J Choose the Roles, p.87]: both roll, each adding his list's modifier only for the role he asked for;
         * ties are rolled again */
        int t = 0;
        for (; t < LASALLE_SETUP_MAX_TIES; t++) {
            for (int k = 0; k < 2; k++) {
                const lasalle_list_army_type *A = &S->book->nations[S->ref[k].nation].armies[S->ref[k].army];
                int d = lasalle_setup_d6(S, k, "roles: roll-off (J p.87)");
                if (!d) return gr_error_set(err, "%s", S->dice->fail_msg);
                S->roll[k] = d + (A->mod_role == S->want[k] ? A->mod : 0);
            }
            if (S->roll[0] != S->roll[1]) break;
        }
        if (t == LASALLE_SETUP_MAX_TIES) return gr_error_set(err, "roles: %d tied roll-offs (J p.87)", t);
        winner = S->roll[0] > S->roll[1] ? 0 : 1;
        lasalle_setup_note(S, winner, "wins the roll-off %d to %d", S->roll[winner], S->roll[1 - winner]);
    }
    S->attacker = S->want[winner] == LASALLE_LIST_ROLE_ATTACKER ? winner : 1 - winner;
    S->defender = 1 - S->attacker;
    lasalle_setup_note(S, S->attacker, "is the attacker");
    return 0;
}

/* how much cover and height a piece offers the side behind it */
static int worth(const lasalle_setup_piece *p)
{
    return p->gtype == LASALLE_G_TOWN ? 3 : p->gtype == LASALLE_G_WOODS || p->gtype == LASALLE_G_HILL ? 2
           : p->gtype == LASALLE_G_ORCHARD || p->gtype == LASALLE_G_WALL ? 1 : 0;
}

void lasalle_setup_half_cover(const lasalle_setup *S, int by_x, int score[2])
{
    score[0] = score[1] = 0;
    for (int k = 0; k < S->npieces; k++) {
        const lasalle_setup_piece *p = &S->piece[k];
        double c = 0;
        for (int i = 0; i < p->npts; i++) c += (by_x ? p->pts[i].x : p->pts[i].y) / p->npts;
        score[c > (by_x ? LASALLE_SETUP_TABLE_W : LASALLE_SETUP_TABLE_H) / 2] += worth(p);
    }
}

int lasalle_setup_edges_step(lasalle_setup *S, gr_error *err)
{
    /* Home Field Advantage [H, p.76] changes this step: the short-edge setup replaces it */
    if (lasalle_setup_home_choice(S, err)) return -1;
    if (S->home == LASALLE_HOME_SHORT_EDGE) {
        S->defender_first = true;
        return 0;
    }
    /* [J Setup Zones, p.90]: the defender picks his long edge and sets up first, or makes the attacker pick and
     * set up first. R-115: he picks, taking the half with more cover and height (the south on a tie); with
     * Home Field Advantage's long-edge choice he picks it and makes the attacker set up first [H, p.76] */
    int score[2];
    lasalle_setup_half_cover(S, 0, score);
    int edge = score[1] > score[0] ? 1 : 0;
    S->defender_first = S->home != LASALLE_HOME_LONG_EDGE;
    /* side 0 keeps the south edge (y = 0): when the defender (side d) wants the other edge, the board turns */
    S->flipped = edge != S->defender;
    if (S->flipped)
        for (int k = 0; k < S->npieces; k++)
            for (int i = 0; i < S->piece[k].npts; i++)
                S->piece[k].pts[i].y = LASALLE_SETUP_TABLE_H - S->piece[k].pts[i].y;
    lasalle_setup_note(S, S->defender, "the defender takes the %s edge (cover %d against %d) and %s",
                       edge ? "north" : "south", score[edge], score[1 - edge],
                       S->defender_first ? "sets up first"
                                         : "makes the attacker set up first (Home Field Advantage, H p.76)");
    return 0;
}

int lasalle_setup_custom_step(lasalle_setup *S, gr_error *err)
{
    /* [J Customize the Board, p.90]: defender, attacker, defender each add one feature or pass. R-116: a
     * policy die picks it: 1-2 pass, 3 woods, 4 hill, 5 town base, 6 ploughed field, in the picker's half */
    static const int pick[6] = {-1, -1, LASALLE_PK_WOODS, LASALLE_PK_HILL, LASALLE_PK_TOWN, LASALLE_PK_FIELD};
    const int who[3] = {S->defender, S->attacker, S->defender};
    int att_first = 0, att_n = 0;
    for (int i = 0; i < 3; i++) {
        if (i == 2 && S->home != LASALLE_HOME_NONE && att_n > 0) {
            /* with Home Field Advantage the defender's last pick takes the attacker's away [H, p.76] */
            lasalle_setup_note(S, S->defender, "Home Field Advantage: the last pick removes the attacker's %s "
                               "(H, p.76)", S->piece[att_first].name);
            lasalle_setup_remove_pieces(S, att_first, att_n);
            continue;
        }
        int before = S->npieces;
        int d = lasalle_setup_d6(S, who[i], "customise: policy die, pick %d (R-116)", i + 1);
        if (!d) return gr_error_set(err, "%s", S->dice->fail_msg);
        if (pick[d - 1] < 0) {
            lasalle_setup_note(S, who[i], "passes");
            continue;
        }
        if (lasalle_setup_place(S, pick[d - 1], who[i], err) == -2) return -1;
        if (i == 1) att_first = before, att_n = S->npieces - before;
    }
    return 0;
}
