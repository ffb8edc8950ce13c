/* armylist_cost.c - what an army costs (§16): the price of a row by the §16
 * formula (to show where a list's printed price differs from it), the price
 * of an attachment in a section, and the validator's pricing pass, which
 * fills the report's per-division and total points and flags an army over its
 * limit. The list's printed prices are the ones paid (§23 #30). */
#include "armylist_internal.h"

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* --- prices -------------------------------------------------------------------------------- */

/* §16 points per base: [class][training], then the élan column (superior, poor) */
enum { PC_UNREF = FOGN_PC_UNREFORMED, PC_REF, PC_LIGHT_INF, PC_LIGHT_CAV, PC_HEAVY_CAV, PC_MED_ART, PC_HEAVY_ART,
       PC_HORSE_ART, PC_N };
_Static_assert((int)PC_N == (int)FOGN_PC_COUNT, "the price classes are fogn_price_class");
static const int price_train[PC_N][4] = {
    /* veteran, drilled, conscript, irregular (0: not sold) */
    [PC_UNREF] = {10, 8, 6, 7},   [PC_REF] = {13, 10, 7, 0},     [PC_LIGHT_INF] = {16, 12, 9, 8},
    [PC_LIGHT_CAV] = {10, 8, 6, 7}, [PC_HEAVY_CAV] = {13, 10, 8, 9}, [PC_MED_ART] = {28, 20, 0, 0},
    [PC_HEAVY_ART] = {32, 24, 0, 0}, [PC_HORSE_ART] = {32, 24, 0, 0},
};
static const int price_elan[PC_N][2] = {
    [PC_UNREF] = {3, -2},     [PC_REF] = {4, -2},       [PC_LIGHT_INF] = {5, -3}, [PC_LIGHT_CAV] = {3, -1},
    [PC_HEAVY_CAV] = {4, -2}, [PC_MED_ART] = {4, -4},   [PC_HEAVY_ART] = {7, -5}, [PC_HORSE_ART] = {6, -5},
};

int fogn_list_formula_pts(const fogn_army_list *L, int entry, int row)
{
    if (entry < 0 || entry >= L->nentries || row < 0 || row >= L->entries[entry].nrows) return -1;
    const fogn_list_entry *e = &L->entries[entry];
    const fogn_list_row *r = &e->rows[row];
    int pc;
    switch ((fogn_list_type)r->type) {
    case FOGN_LT_LINE_INF:
        pc = e->doctrine == FOGN_DOC_UNREFORMED || (e->doctrine == FOGN_DOC_MOVE_UNREFORMED_FIRE_REFORMED &&
                                                     L->priced_unreformed) ? PC_UNREF : PC_REF;
        break;
    case FOGN_LT_LIGHT_INF: pc = PC_LIGHT_INF; break;
    case FOGN_LT_LIGHT_CAV: pc = PC_LIGHT_CAV; break;
    case FOGN_LT_HEAVY_CAV: pc = PC_HEAVY_CAV; break;
    case FOGN_LT_MEDIUM_ART: pc = PC_MED_ART; break;
    case FOGN_LT_HORSE_ART: pc = PC_HORSE_ART; break;
    default: pc = PC_HEAVY_ART; break;   /* heavy foot artillery, mortars */
    }
    return fogn_price_base((fogn_price_class)pc, r->training, r->elan, r->caps);
}

/* §16 special capabilities, points per base */
static const struct { uint16_t bit; int pts; } cap_price[] = {
    {FOGN_CAP_RIFLES, 1}, {FOGN_CAP_GUARD, 4}, {FOGN_CAP_LANCERS, 2}, {FOGN_CAP_SHOCK, 3},
    {FOGN_CAP_IMPETUOUS, -1}, {FOGN_CAP_IMMOBILE, -5}};

int fogn_price_cap(unsigned cap)
{
    for (int i = 0; i < COUNT(cap_price); i++)
        if (cap == cap_price[i].bit) return cap_price[i].pts;
    return 0;
}

int fogn_price_base(fogn_price_class pc, int training, int elan, unsigned caps)
{
    if ((int)pc < 0 || pc >= FOGN_PC_COUNT || training < 0 || training > FOGN_TR_IRREGULAR) return -1;
    static const int col[] = {[FOGN_TR_CONSCRIPT] = 2, [FOGN_TR_DRILLED] = 1, [FOGN_TR_VETERAN] = 0,
                              [FOGN_TR_IRREGULAR] = 3};
    int p = price_train[pc][col[training]];
    if (!p) return -1;
    if (elan == FOGN_ELAN_SUPERIOR) p += price_elan[pc][0];
    else if (elan == FOGN_ELAN_POOR) p += price_elan[pc][1];
    for (int i = 0; i < COUNT(cap_price); i++)
        if (caps & cap_price[i].bit) p += cap_price[i].pts;
    return p;
}

int fogn_list_att_price(const fogn_army_list *L, int section, fogn_attach a)
{
    for (int i = 0; i < L->nrules; i++)
        if (L->rules[i].section == section && (int)a > 0 && (int)a < FOGN_ATT_COUNT && L->rules[i].pts[a] >= 0)
            return L->rules[i].pts[a];
    return -1;
}

/* --- the pricing pass ---------------------------------------------------------------------- */

/* a commander's price in section s, with the charismatic extra */
static int cmdr_pts(const fogn_army_chk *c, int s, const fogn_army_cmdr *m)
{
    if (m->quality < 0 || m->quality >= FOGN_Q_COUNT) return 0;
    int p = s == 0 ? c->L->q_pts[m->quality] : c->L->allies[s - 1].q_pts[m->quality];
    return (p < 0 ? 0 : p) + (m->charismatic ? c->L->charismatic_pts : 0);
}

/* pass 2 of fogn_army_check: costs (§16) */
void fogn_army_check_cost(fogn_army_chk *c)
{
    const fogn_army_list *L = c->L;
    const fogn_army *a = c->a;
    fogn_army_report *r = c->r;
    r->limit = a->points;
    if (a->has_corps) r->corps_pts = cmdr_pts(c, 0, &a->corps);
    for (int k = 0; k < a->nfw; k++) r->fw_pts += L->has_fieldworks ? L->fw_pts * a->fw[k] : 0;
    r->total = r->corps_pts + r->fw_pts;
    for (int d = 0; d < a->ndivs; d++) {
        const fogn_army_div *dv = &a->divs[d];
        r->div_cmdr_pts[d] = cmdr_pts(c, c->sec[d], &dv->cmdr);
        for (int i = 0; i < dv->nunits; i++) {
            const fogn_list_row *row = fogn_army_unit_row(c, d, i);
            if (row) r->div_units_pts[d] += row->pts * dv->units[i].bases;
            r->div_bases[d] += dv->units[i].bases;
            for (int k = 0; k < dv->units[i].natt; k++) {
                int p = fogn_list_att_price(L, c->sec[d], (fogn_attach)dv->units[i].att[k]);
                r->div_att_pts[d] += p > 0 ? p : 0;
            }
        }
        for (int k = 0; k < dv->npool; k++) {
            int p = fogn_list_att_price(L, c->sec[d], (fogn_attach)dv->pool[k]);
            r->div_att_pts[d] += p > 0 ? p : 0;
        }
        r->div_pts[d] = r->div_units_pts[d] + r->div_att_pts[d] + r->div_cmdr_pts[d];
        r->total += r->div_pts[d];
    }
    if (r->total > r->limit)
        fogn_army_add_breach(c, FOGN_AR_POINTS, -1, -1, "%d points, %d over the limit of %d (§16)", r->total,
                             r->total - r->limit, r->limit);
}
