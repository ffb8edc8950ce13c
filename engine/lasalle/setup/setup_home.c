/* setup_home.c - Home Field Advantage in "Set Up the Game" [H, p.76]: a
 * defender whose list has the rule and who asked to defend chooses the
 * short-edge setup (he within 10 BW of a short edge, the attacker within
 * 20 BW of the other, the attacker's reserves with the army from the first
 * turn) or the long-edge choice (he picks his long edge and makes the
 * attacker set up first); either way his last customising pick may take
 * the attacker's pick away. Rulings R-121..R-123 are the policies. */
#include "setup.h"
#include "../rules/homefield.h"

#include <string.h>

bool lasalle_setup_home_offered(const lasalle_setup *S)
{
    int d = S->defender;
    if (S->want[d] != LASALLE_LIST_ROLE_DEFENDER) return false;
    const lasalle_list_nation *N = &S->book->nations[S->ref[d].nation];
    return lasalle_list_rule_find(N, S->ref[d].army, S->ref[d].theatre, LASALLE_LIST_ROLE_DEFENDER,
                                  LASALLE_LIST_RULE_HOME_FIELD) != NULL;
}

int lasalle_setup_home_choice(lasalle_setup *S, gr_error *err)
{
    S->home = LASALLE_HOME_NONE;
    if (!lasalle_setup_home_offered(S)) return 0;
    /* a policy die, 1-3 the short-edge setup, 4-6 the long-edge choice */
    int d = lasalle_setup_d6(S, S->defender, "Home Field Advantage: policy die, 1-3 short edge, 4-6 long edge "
                                             "(R-121)");
    if (!d) return gr_error_set(err, "%s", S->dice->fail_msg);
    if (d >= 4) {
        S->home = LASALLE_HOME_LONG_EDGE;
        return 0;
    }
    /* the short edge whose half holds more cover and height (the west on a tie) */
    int score[2];
    lasalle_setup_half_cover(S, 1, score);
    S->home = LASALLE_HOME_SHORT_EDGE;
    S->home_edge = score[1] > score[0] ? LASALLE_EDGE_EAST : LASALLE_EDGE_WEST;
    lasalle_setup_note(S, S->defender, "Home Field Advantage: the short-edge setup, the defender within %g BW of the "
                       "%s edge (cover %d against %d), the attacker within %g BW of the other, its reserves on the "
                       "table from the first turn (H, p.76)", LASALLE_HOME_DEFENDER_BW,
                       S->home_edge == LASALLE_EDGE_EAST ? "east" : "west", score[S->home_edge == LASALLE_EDGE_EAST],
                       score[S->home_edge != LASALLE_EDGE_EAST], LASALLE_HOME_ATTACKER_BW);
    return 0;
}

int lasalle_setup_zone_of(const lasalle_setup *S, int side, double box[4])
{
    if (S->home != LASALLE_HOME_SHORT_EDGE) {
        lasalle_setup_zone(side, box);
        return side ? LASALLE_EDGE_NORTH : LASALLE_EDGE_SOUTH;
    }
    /* the whole length of the short edge, as deep as the rule says */
    int edge = side == S->defender ? S->home_edge : S->home_edge == LASALLE_EDGE_WEST ? LASALLE_EDGE_EAST
                                                                                        : LASALLE_EDGE_WEST;
    double depth = side == S->defender ? LASALLE_HOME_DEFENDER_BW : LASALLE_HOME_ATTACKER_BW;
    box[1] = 0;
    box[3] = LASALLE_SETUP_TABLE_H;
    box[0] = edge == LASALLE_EDGE_WEST ? 0 : LASALLE_SETUP_TABLE_W - depth;
    box[2] = edge == LASALLE_EDGE_WEST ? depth : LASALLE_SETUP_TABLE_W;
    return edge;
}

gr_vec2 lasalle_setup_edge_pt(int edge, double along, double across)
{
    return edge == LASALLE_EDGE_SOUTH || edge == LASALLE_EDGE_NORTH ? gr_v2(along, across) : gr_v2(across, along);
}

bool lasalle_setup_in_foreign_zone(const lasalle_setup *S, const lasalle_setup_piece *p, int placer)
{
    if (S->home != LASALLE_HOME_SHORT_EDGE || placer < 0) return false;
    double z[4];
    lasalle_setup_zone_of(S, 1 - placer, z);
    for (int i = 0; i < p->npts; i++) {
        double lo = p->pts[i].x - p->width / 2, hi = p->pts[i].x + p->width / 2;
        if (hi > z[0] && lo < z[2]) return true;
    }
    return false;
}

void lasalle_setup_remove_pieces(lasalle_setup *S, int first, int n)
{
    if (n <= 0 || first < 0 || first + n > S->npieces) return;
    memmove(&S->piece[first], &S->piece[first + n], sizeof S->piece[0] * (size_t)(S->npieces - first - n));
    S->npieces -= n;
}
