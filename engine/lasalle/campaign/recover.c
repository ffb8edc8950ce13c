/* recover.c - Continuing Games [H, p.79]: the end of the game checked, its
 * result read (pursuit or the Stay/Leave choices), every unit sorted, and
 * the broken units' discipline tests (campaign.h). */
#include "campaign.h"
#include "../rules/status.h"
#include "../rules/tables.h"

#include <stdio.h>
#include <string.h>

int lasalle_campaign_ended(const lasalle_scenario *s, const lasalle_state *st, gr_error *err)
{
    if (st->end == LASALLE_END_MORALE || st->end == LASALLE_END_TIME) return 0;
    if (st->end == LASALLE_END_LIMIT)
        return gr_error_set(err, "the game was stopped at the engine's limit of decisions, not ended by the rules "
                                 "(an army breaking, or time running out, F p.66-67): there is no result to continue "
                                 "from (H, p.79)");
    return gr_error_set(err, "the game has not ended: it stands at turn %d of %d, the %s moving; Continuing Games "
                             "begins when an army breaks or time runs out (H, p.79; F, p.66-67)",
                        st->turn_no, s->turns, s->side_name[st->active % 2]);
}

/* the result: which army broke and whether it is pursued, or the choices after a draw */
static int read_result(const lasalle_scenario *s, const lasalle_state *st, const int choice[2], lasalle_campaign *c,
                       gr_error *err)
{
    /* the army that broke on the table, whatever Send in the Guards makes of the score */
    c->broke = st->end == LASALLE_END_MORALE ? st->active : -1;
    for (int side = 0; side < 2; side++) c->pursuit[side] = lasalle_pursuit(s, st, side);
    if (c->broke >= 0) {
        for (int side = 0; side < 2; side++)
            if (choice[side] != LASALLE_CHOICE_NONE)
                return gr_error_set(err, "the %s: Stay or Leave is chosen after a draw only (H, p.79), and the "
                                         "army of the %s broke", s->side_name[side], s->side_name[c->broke]);
        int w = c->broke ^ 1;
        /* the winner pursues when its pursuit score is the higher [F, p.67] */
        c->pursued[c->broke] = c->pursuit[w] > c->pursuit[c->broke];
        c->choice[0] = c->choice[1] = LASALLE_CHOICE_NONE;
        return 0;
    }
    for (int side = 0; side < 2; side++)
        c->choice[side] = choice[side] == LASALLE_CHOICE_NONE ? LASALLE_CHOICE_DEFAULT : choice[side];
    c->second_day = c->choice[0] == LASALLE_CHOICE_STAY && c->choice[1] == LASALLE_CHOICE_STAY;
    return 0;
}

/* one unit's sorting and the modifiers of its test */
static void sort_unit(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_campaign *c)
{
    const lasalle_unit_profile *p = &s->units[i];
    const lasalle_unit *u = &st->u[i];
    lasalle_recovery *r = &c->u[i];
    memset(r, 0, sizeof *r);
    r->officer = -1;
    r->disr = u->disr;
    if (u->status == LASALLE_ON) {
        r->fate = LASALLE_FATE_MARCHES;
        return;
    }
    if (u->flags & (LASALLE_UF_RESERVE | LASALLE_UF_DUE)) {
        r->fate = LASALLE_FATE_RESERVE;
        return;
    }
    r->fate = LASALLE_FATE_LOST; /* until its test passes */
    r->left = u->status == LASALLE_LEFT;
    r->overrun = u->status == LASALLE_BROKEN && (u->flags & LASALLE_UF_OVERRUN) != 0;
    r->need = lasalle_disc_need(p->discipline);
    r->m_overrun = r->overrun ? LASALLE_RECOVER_OVERRUN : 0;
    r->m_pursued = c->pursued[p->side] ? LASALLE_RECOVER_PURSUED : 0;
    r->m_stay = c->choice[p->side] == LASALLE_CHOICE_STAY ? LASALLE_RECOVER_STAY : 0;
    /* the vigor of the subcommander commanding its force at the end; none for an independent unit */
    if (p->force >= 0) {
        r->officer = s->forces[p->force].officer;
        r->m_vigor = st->o[r->officer].vigor;
    }
    c->broken[p->side]++;
}

int lasalle_campaign_sort(const lasalle_scenario *s, const lasalle_state *st, const int choice[2],
                          lasalle_campaign *out, gr_error *err)
{
    memset(out, 0, sizeof *out);
    if (lasalle_campaign_ended(s, st, err) || read_result(s, st, choice, out, err)) return -1;
    for (int i = 0; i < s->nunits; i++) sort_unit(s, st, i, out);
    return 0;
}

int lasalle_campaign_recover(const lasalle_scenario *s, const lasalle_state *st, lasalle_campaign *c, gr_dice *dice,
                             gr_error *err)
{
    (void)st;
    for (int i = 0; i < s->nunits; i++) {
        lasalle_recovery *r = &c->u[i];
        if (r->fate != LASALLE_FATE_LOST || r->die) continue;
        char purpose[96];
        snprintf(purpose, sizeof purpose, "the recovery test of %s (H, p.79)", s->units[i].name);
        if (dice) dice->side = s->units[i].side;
        r->die = gr_dice_d6(dice, purpose);
        if (!r->die)
            return gr_error_set(err, "%s", dice && dice->fail_msg[0] ? dice->fail_msg : "the dice failed");
        int total = r->die + r->m_overrun + r->m_pursued + r->m_stay + r->m_vigor;
        int pass = r->die == LASALLE_RECOVER_ALWAYS || (r->die != LASALLE_RECOVER_NEVER && total >= r->need);
        if (pass) {
            r->fate = LASALLE_FATE_RETURNS;
            c->returns[s->units[i].side]++;
        } else {
            c->lost[s->units[i].side]++;
        }
    }
    return 0;
}
