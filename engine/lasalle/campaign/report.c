/* report.c - Continuing Games told in the book's words [H, p.79]: how the
 * battle ended (pursuit, or the Stay/Leave choices and whether a second day
 * follows), the DISR removed, and each army's units with their fates and
 * the dice of their tests (campaign.h). */
#include "campaign.h"
#include "../rules/tables.h"

#include <stdio.h>

static const char *const choice_words[2] = {"Leave", "Stay"};

static void tell_result(const lasalle_scenario *s, const lasalle_state *st, const lasalle_campaign *c, FILE *out)
{
    if (c->broke >= 0) {
        int w = c->broke ^ 1, l = c->broke;
        fprintf(out, "The battle: the army of the %s broke after turn %d, a victory for the %s; pursuit %d to %d (F, "
                     "p.67): %s\n",
                s->side_name[l], st->turn_no, s->side_name[w], c->pursuit[w], c->pursuit[l],
                c->pursued[l] ? "the beaten army is being pursued" : "the beaten army covers its retreat, no pursuit");
        fprintf(out, "Whether the armies meet again is the campaign's to decide: Stay or Leave follows a draw only "
                     "(ruling R-177)\n");
        return;
    }
    fprintf(out, "The battle: a draw after turn %d (F, p.67)\n", st->turn_no);
    fprintf(out, "Stay or Leave: the %s chose %s, the %s %s (H, p.79): %s\n", s->side_name[0],
            choice_words[c->choice[0]], s->side_name[1], choice_words[c->choice[1]],
            c->second_day ? "both stay, a second battle on this field tomorrow" : "no battle on the second day");
}

/* "die 4, -1 Overrun, +1 vigor (GdB Blue) = 4, needs 3+" */
static void tell_test(const lasalle_scenario *s, const lasalle_recovery *r, FILE *out)
{
    int total = r->die + r->m_overrun + r->m_pursued + r->m_stay + r->m_vigor;
    fprintf(out, "DISC test: die %d", r->die);
    if (r->m_overrun) fprintf(out, ", %+d Overrun", r->m_overrun);
    if (r->m_pursued) fprintf(out, ", %+d pursued", r->m_pursued);
    if (r->m_stay) fprintf(out, ", %+d Stay", r->m_stay);
    if (r->m_vigor) fprintf(out, ", %+d vigor (%s)", r->m_vigor, s->officers[r->officer].name);
    fprintf(out, " = %d, needs %d+", total, r->need);
    if (r->die == LASALLE_RECOVER_ALWAYS) fprintf(out, " (a natural 6 always passes)");
    if (r->die == LASALLE_RECOVER_NEVER) fprintf(out, " (a natural 1 always fails)");
}

static void tell_unit(const lasalle_scenario *s, const lasalle_campaign *c, int i, FILE *out)
{
    const lasalle_recovery *r = &c->u[i];
    const lasalle_unit_profile *p = &s->units[i];
    fprintf(out, "  %s (%s): ", p->name, lasalle_kind_words(p));
    switch (r->fate) {
    case LASALLE_FATE_MARCHES:
        fprintf(out, "on the table at the end");
        if (r->disr) fprintf(out, ", its %d DISR removed", r->disr);
        fprintf(out, ": marches on\n");
        return;
    case LASALLE_FATE_RESERVE:
        fprintf(out, "a reserve that never came on: still with its army\n");
        return;
    default:
        break;
    }
    fprintf(out, "%s, %s; ", r->left ? "left the table (counted as broken)" : "broken",
            r->overrun ? "Overrun" : "Worn-Out");
    tell_test(s, r, out);
    fprintf(out, ": %s\n", r->fate == LASALLE_FATE_RETURNS ? "passes, returns for the next battle"
                                                           : "fails, lost for ever");
}

void lasalle_campaign_report(const lasalle_scenario *s, const lasalle_state *st, const lasalle_campaign *c,
                             FILE *out)
{
    fprintf(out, "Continuing Games and Campaigns (H, p.79): %s\n", s->name);
    tell_result(s, st, c, out);
    int n = 0, d = 0;
    for (int i = 0; i < s->nunits; i++) {
        n += c->u[i].disr > 0;
        d += c->u[i].disr;
    }
    fprintf(out, "Recovery: all DISR removed (%d DISR from %d unit%s)\n", d, n, n == 1 ? "" : "s");
    for (int side = 0; side < 2; side++) {
        fprintf(out, "The %s%s%s:\n", s->side_name[side], c->pursued[side] ? ", pursued" : "",
                c->choice[side] == LASALLE_CHOICE_STAY ? ", staying" : "");
        for (int i = 0; i < s->nunits; i++)
            if (s->units[i].side == side) tell_unit(s, c, i, out);
        fprintf(out, "  broken %d: returning %d, lost %d\n", c->broken[side], c->returns[side], c->lost[side]);
    }
}
