/* describe.c - fogn's answers to the ruleset-neutral questions of the game
 * interface: what kind of thing an action does (gr_action_info), what a unit
 * is and where it stands (gr_unit_info), how many player-moves have been
 * made and which phase the current one is in. The AI's priors, the scripted
 * doctrines and the reasons printed with a suggestion read only these. */
#include "describe.h"
#include "victory.h"
#include "../../core/ruleset.h"

#include <stdio.h>
#include <string.h>

static int shape_of(int formation)
{
    switch (formation) {
    case FOGN_F_COLUMN: return GR_SHAPE_COLUMN;
    case FOGN_F_LINE: case FOGN_F_SKIRMISH_LINE: return GR_SHAPE_LINE;
    case FOGN_F_SQUARE: return GR_SHAPE_SQUARE;
    case FOGN_F_SKIRMISH: return GR_SHAPE_OPEN;
    default: return GR_SHAPE_OTHER;
    }
}

static int reaction_kind(int r, uint8_t *shape)
{
    switch (r) {
    case FOGN_RE_STAND: case FOGN_RE_STAND_FIRE: return GR_AK_STAND;
    case FOGN_RE_SQUARE: *shape = GR_SHAPE_SQUARE; return GR_AK_FORM;
    case FOGN_RE_TACTICAL: *shape = GR_SHAPE_OTHER; return GR_AK_FORM;
    case FOGN_RE_COUNTER: return GR_AK_ATTACK;
    case FOGN_RE_EVADE: case FOGN_RE_FIRE_LEAVE: case FOGN_RE_ABANDON: return GR_AK_WITHDRAW;
    default: return GR_AK_PASS;
    }
}

void fogn_action_info(const void *scn, const void *state, const gr_action *a, gr_action_info *out)
{
    const fogn_scenario *s = scn;
    (void)state;
    memset(out, 0, sizeof *out);
    out->unit = (a->actor >= 0 && a->actor < s->nunits) ? a->actor : -1;
    out->enemy = -1;
    out->objective = -1;
    int tgt_unit = (a->target >= 0 && a->target < s->nunits) ? a->target : -1;
    switch (a->type) {
    case FOGN_A_DONE: out->kind = GR_AK_PASS; break;
    case FOGN_A_HOLD: out->kind = GR_AK_HOLD; break;
    case FOGN_A_ADVANCE: case FOGN_A_GROUP_ADVANCE: out->kind = GR_AK_ADVANCE; out->enemy = (int16_t)tgt_unit; break;
    case FOGN_A_ADVANCE_OBJ: out->kind = GR_AK_ADVANCE; out->objective = a->target; break;
    case FOGN_A_ROAD: case FOGN_A_ARRIVE: case FOGN_A_UP_TO: case FOGN_A_CROSS: case FOGN_A_GROUP_CROSS:
        out->kind = GR_AK_ADVANCE;
        break;
    case FOGN_A_FORM: out->kind = GR_AK_FORM; out->shape = (uint8_t)shape_of(a->arg); break;
    case FOGN_A_FALL_BACK: case FOGN_A_REAR: case FOGN_A_GROUP_REAR: out->kind = GR_AK_WITHDRAW; break;
    case FOGN_A_ASSAULT: case FOGN_A_INTERCEPT: out->kind = GR_AK_ATTACK; out->enemy = (int16_t)tgt_unit; break;
    case FOGN_A_PRESS: case FOGN_A_PURSUE: out->kind = GR_AK_ATTACK; break;
    case FOGN_A_FIRE: out->kind = GR_AK_FIRE; out->enemy = (int16_t)tgt_unit; break;
    case FOGN_A_REACT: out->kind = (uint8_t)reaction_kind(a->arg, &out->shape); break;
    case FOGN_A_RECOVER: out->kind = GR_AK_COMMAND; out->unit = (int16_t)tgt_unit; break;
    case FOGN_A_CMDR_MOVE: case FOGN_A_CMDR_JOIN: case FOGN_A_ALLOCATE: out->kind = GR_AK_COMMAND; out->unit = -1; break;
    case FOGN_A_FACE: out->kind = GR_AK_MANOEUVRE; out->enemy = (int16_t)tgt_unit; break;
    /* §15.4, §15.5: going into an area (or defending it) is taking a stand; leaving one is a withdrawal */
    case FOGN_A_ENTER: case FOGN_A_GARRISON: out->kind = GR_AK_STAND; break;
    case FOGN_A_LEAVE: out->kind = GR_AK_WITHDRAW; break;
    default: out->kind = GR_AK_MANOEUVRE; break;
    }
}

int fogn_unit_count(const void *scn) { return ((const fogn_scenario *)scn)->nunits; }

void fogn_unit_info(const void *scn, const void *state, int i, gr_unit_info *out)
{
    const fogn_scenario *s = scn;
    const fogn_state *st = state;
    memset(out, 0, sizeof *out);
    if (i < 0 || i >= s->nunits) return;
    const fogn_unit *u = &st->u[i];
    const fogn_unit_profile *p = &s->units[i];
    static const int arms[3] = {GR_ARM_INF, GR_ARM_CAV, GR_ARM_ART};
    out->side = p->side;
    out->arm = arms[fogn_troop_arm((fogn_troop)p->troop)];
    out->shape = shape_of(u->formation);
    out->alive = fogn_unit_alive(u) && !(u->flags & FOGN_UF_ABANDONED);
    out->levels = 4;
    out->cohesion = out->alive ? u->cohesion : 3;
    out->x = u->x;
    out->y = u->y;
    out->value = fogn_unit_value(p);
    gr_rs_unit_label(out, p->name, 'u', i);
}

int fogn_turn(const void *scn, const void *state)
{
    (void)scn;
    return ((const fogn_state *)state)->move;
}

/* the phase of the current move (fogn.h FOGN_PH_*: command 0 .. recovery 5) */
int fogn_move_phase(const void *scn, const void *state)
{
    (void)scn;
    return ((const fogn_state *)state)->turn.phase;
}
