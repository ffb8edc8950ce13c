/* tables.c - Lasalle's names and numbers (tables.h): allowances, discipline
 * needs, the Formation Change Table, morale values, allowed formations. */
#include "tables.h"

const char *const lasalle_type_names[LASALLE_TYPE_COUNT] = {"infantry", "cavalry", "artillery"};
const char *const lasalle_form_names[LASALLE_FORM_COUNT] = {"line",     "column",     "mass",         "square",
                                                            "march",    "waves",      "abreast",      "limbered",
                                                            "unlimbered", "deployed_town"};
const char *const lasalle_esprit_names[LASALLE_ESPRIT_COUNT] = {"shaky", "reliable", "valiant"};
const char *const lasalle_discipline_names[LASALLE_DISCIPLINE_COUNT] = {"experienced", "amateur", "irregular"};
const char *const lasalle_weight_names[LASALLE_WEIGHT_COUNT] = {"light", "medium", "heavy", "rockets"};
const char *const lasalle_trait_names[LASALLE_TRAIT_COUNT] = {"shock",  "pursuit",       "lancers",
                                                              "guard",  "unpredictable", "rifles"};
const char *const lasalle_ground_names[LASALLE_G_KIND_COUNT] = {
    "woods", "orchard", "rough",  "marsh", "hill", "impassable", "town",         "road",
    "stream", "river",  "ford",   "bridge", "wall", "hedge",     "entrenchment", "ditch"};
const char *const lasalle_cover_names[3] = {"none", "soft", "hard"};
const char *const lasalle_fct_names[5] = {"Full", "Half", "None", "DISC", "not allowed"};
const char *const lasalle_fct_column_names[4] = {"Began in March", "Began in Other", "Near the Enemy",
                                                 "Out of Command"};

const char *lasalle_kind_words(const lasalle_unit_profile *p)
{
    if (p->type == LASALLE_ART && p->weight == LASALLE_ROCKETS)
        return lasalle_rocket_shape_ok(p) ? "rocket unit"
                                          : "rocket unit (it needs 3 bases and \"horse\": true, H Rockets, p.81)";
    if (p->type == LASALLE_ART) return p->horse ? "horse artillery" : "foot artillery";
    return lasalle_type_names[p->type];
}

int lasalle_rocket_shape_ok(const lasalle_unit_profile *p)
{
    return p->nbases == LASALLE_ROCKET_BASES && p->horse && p->howitzers == 0;
}

int lasalle_disc_need(int discipline)
{
    /* [B Unit Qualities, p.19]: the Irregular row reads 3+ (ruling) */
    static const int need[LASALLE_DISCIPLINE_COUNT] = {3, 4, 3};
    return discipline >= 0 && discipline < LASALLE_DISCIPLINE_COUNT ? need[discipline] : 4;
}

int lasalle_morale_value(const lasalle_unit_profile *p)
{
    if (p->type == LASALLE_ART) return 1;
    return p->nbases >= 6 ? 3 : 2;
}

int lasalle_form_allowed(const lasalle_scenario *s, const lasalle_unit_profile *p, int form)
{
    switch (p->type) {
    case LASALLE_INF:
        if (form == LASALLE_LINE || form == LASALLE_COLUMN || form == LASALLE_MARCH) return 1;
        /* [G Towns, p.69]: only infantry garrisons a town base */
        if (form == LASALLE_TOWN) return 1;
        /* [C Limitations on Square Formation, p.25]: irregulars never form square */
        if (form == LASALLE_SQUARE) return p->discipline != LASALLE_IRREGULAR;
        /* [K Austria]: Mass, regular infantry, when the scenario allows it */
        if (form == LASALLE_MASS)
            return (s->options & LASALLE_OPT_AUSTRIAN_MASS) && p->discipline != LASALLE_IRREGULAR;
        return 0;
    case LASALLE_CAV: return form == LASALLE_MARCH || form == LASALLE_WAVES || form == LASALLE_ABREAST;
    case LASALLE_ART:
        /* rockets only with their option, 3 bases moving as horse artillery [H Rockets, p.81] (ruling R-95) */
        if (p->weight == LASALLE_ROCKETS && (!(s->options & LASALLE_OPT_ROCKETS) || !lasalle_rocket_shape_ok(p)))
            return 0;
        return form == LASALLE_LIMBERED || form == LASALLE_UNLIMBERED;
    default: return 0;
    }
}

double lasalle_allowance(const lasalle_unit_profile *p, int form, int reduced)
{
    /* [C Movement Allowance, p.24]: {Full, Reduced} */
    int r = reduced ? 1 : 0;
    switch (form) {
    case LASALLE_MARCH: {
        static const double inf[2] = {6, 4}, cav[2] = {10, 5};
        return p->type == LASALLE_CAV ? cav[r] : inf[r];
    }
    case LASALLE_COLUMN:
    case LASALLE_MASS: { /* Mass moves as an Attack Column [K Austria] */
        static const double v[2] = {4, 2};
        return v[r];
    }
    case LASALLE_LINE: {
        static const double v[2] = {2, 1};
        return v[r];
    }
    case LASALLE_SQUARE: return 0;
    case LASALLE_WAVES: {
        static const double v[2] = {8, 3};
        return v[r];
    }
    case LASALLE_ABREAST: {
        static const double v[2] = {6, 2};
        return v[r];
    }
    case LASALLE_LIMBERED: {
        static const double horse[2] = {10, 2}, foot[2] = {6, 2};
        return p->horse ? horse[r] : foot[r];
    }
    case LASALLE_UNLIMBERED: return LASALLE_PROLONG_BW;
    default: return 0;
    }
}

int lasalle_form_shape(int form)
{
    switch (form) {
    case LASALLE_LINE:
    case LASALLE_ABREAST:
    case LASALLE_UNLIMBERED: return GR_SHAPE_LINE;
    case LASALLE_COLUMN:
    case LASALLE_MASS:
    case LASALLE_MARCH:
    case LASALLE_LIMBERED: return GR_SHAPE_COLUMN;
    case LASALLE_SQUARE: return GR_SHAPE_SQUARE;
    case LASALLE_WAVES: return GR_SHAPE_OTHER;
    default: return GR_SHAPE_NONE;
    }
}

int lasalle_fct_column_of(int began_in_march, int near_enemy, int out_of_command)
{
    if (out_of_command) return LASALLE_COL_OOC;
    if (near_enemy) return LASALLE_COL_NEAR;
    return began_in_march ? LASALLE_COL_MARCH : LASALLE_COL_OTHER;
}

lasalle_fct lasalle_fct_lookup(int discipline, int column, int near_enemy)
{
    /* [C Formation Change Table, p.25] */
    static const lasalle_fct table[LASALLE_DISCIPLINE_COUNT][4] = {
        [LASALLE_EXPERIENCED] = {LASALLE_FCT_FULL, LASALLE_FCT_HALF, LASALLE_FCT_NONE, LASALLE_FCT_DISC},
        [LASALLE_AMATEUR] = {LASALLE_FCT_HALF, LASALLE_FCT_NONE, LASALLE_FCT_DISC, LASALLE_FCT_DISC},
        [LASALLE_IRREGULAR] = {LASALLE_FCT_FULL, LASALLE_FCT_FULL, LASALLE_FCT_HALF, LASALLE_FCT_DISC},
    };
    if (discipline < 0 || discipline >= LASALLE_DISCIPLINE_COUNT || column < 0 || column > 3)
        return LASALLE_FCT_FORBIDDEN;
    /* the asterisk: an Amateur unit out of command and near the enemy may not change at all */
    if (discipline == LASALLE_AMATEUR && column == LASALLE_COL_OOC && near_enemy) return LASALLE_FCT_FORBIDDEN;
    return table[discipline][column];
}
