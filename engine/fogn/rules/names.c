/* names.c - Field of Glory Napoleonic: the lowercase names troop types,
 * formations, cohesion levels and the other qualifiers carry in scenario files
 * and messages, the arm each troop type belongs to, and which formations a
 * unit may ever take (§3.1). All tables are constant. */
#include "names.h"

#include <stddef.h>
#include <string.h>

static const char *const troop_names[FOGN_TROOP_COUNT] = {
    [FOGN_INF_UNREFORMED] = "unreformed_line",
    [FOGN_INF_REFORMED] = "reformed_line",
    [FOGN_INF_LIGHT] = "light_infantry",
    [FOGN_CAV_HEAVY] = "heavy_cavalry",
    [FOGN_CAV_LIGHT] = "light_cavalry",
    [FOGN_CAV_IRR_LIGHT] = "irregular_light_cavalry",
    [FOGN_CAV_IRR_HEAVY] = "irregular_heavy_cavalry",
    [FOGN_ART_FOOT] = "foot_artillery",
    [FOGN_ART_HORSE] = "horse_artillery",
    [FOGN_ART_MORTAR] = "mortars",
};

static const char *const formation_names[FOGN_F_COUNT] = {
    [FOGN_F_TACTICAL] = "tactical",
    [FOGN_F_DEEP] = "deep",
    [FOGN_F_LINE] = "line",
    [FOGN_F_SKIRMISH] = "skirmish",
    [FOGN_F_SKIRMISH_LINE] = "skirmish_line",
    [FOGN_F_SQUARE] = "square",
    [FOGN_F_COLUMN] = "column",
    [FOGN_F_LIMBERED] = "limbered",
    [FOGN_F_UNLIMBERED] = "unlimbered",
};

static const char *const cohesion_names[] = {
    [FOGN_STEADY] = "steady",
    [FOGN_DISORDERED] = "disordered",
    [FOGN_WAVERING] = "wavering",
    [FOGN_BROKEN] = "broken",
};

static const char *const elan_names[] = {
    [FOGN_ELAN_POOR] = "poor",
    [FOGN_ELAN_AVERAGE] = "average",
    [FOGN_ELAN_SUPERIOR] = "superior",
};

static const char *const training_names[] = {
    [FOGN_TR_CONSCRIPT] = "conscript",
    [FOGN_TR_DRILLED] = "drilled",
    [FOGN_TR_VETERAN] = "veteran",
    [FOGN_TR_IRREGULAR] = "irregular",
};

static const char *const attach_names[FOGN_ATT_COUNT] = {
    [FOGN_ATT_NONE] = "none",
    [FOGN_ATT_SKIRMISHERS] = "skirmishers",
    [FOGN_ATT_RIFLE_SKIRMISHERS] = "rifle_skirmishers",
    [FOGN_ATT_ARTILLERY] = "artillery",
    [FOGN_ATT_HEAVY_ARTILLERY] = "heavy_artillery",
    [FOGN_ATT_HOWITZER] = "howitzer",
    [FOGN_ATT_ROCKETS] = "rockets",
    [FOGN_ATT_CAVALRY] = "cavalry",
    [FOGN_ATT_OFFICER] = "officer",
};

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* name at index i of a table of n, or "?" outside it */
static const char *pick(const char *const *table, int n, int i)
{
    return (i >= 0 && i < n && table[i]) ? table[i] : "?";
}

fogn_arm fogn_troop_arm(fogn_troop t)
{
    switch (t) {
    case FOGN_INF_UNREFORMED:
    case FOGN_INF_REFORMED:
    case FOGN_INF_LIGHT:
        return FOGN_ARM_INF;
    case FOGN_CAV_HEAVY:
    case FOGN_CAV_LIGHT:
    case FOGN_CAV_IRR_LIGHT:
    case FOGN_CAV_IRR_HEAVY:
        return FOGN_ARM_CAV;
    case FOGN_ART_FOOT:
    case FOGN_ART_HORSE:
    case FOGN_ART_MORTAR:
    case FOGN_TROOP_COUNT:
        break;
    }
    return FOGN_ARM_ART;
}

const char *fogn_troop_name(fogn_troop t) { return pick(troop_names, COUNT(troop_names), (int)t); }
const char *fogn_formation_name(fogn_formation f) { return pick(formation_names, COUNT(formation_names), (int)f); }
const char *fogn_cohesion_name(fogn_cohesion c) { return pick(cohesion_names, COUNT(cohesion_names), (int)c); }
const char *fogn_elan_name(fogn_elan e) { return pick(elan_names, COUNT(elan_names), (int)e); }
const char *fogn_training_name(fogn_training t) { return pick(training_names, COUNT(training_names), (int)t); }
const char *fogn_attach_name(fogn_attach a) { return pick(attach_names, COUNT(attach_names), (int)a); }

const char *const *fogn_troop_names(int *n) { if (n) *n = COUNT(troop_names); return troop_names; }
const char *const *fogn_formation_names(int *n) { if (n) *n = COUNT(formation_names); return formation_names; }
const char *const *fogn_cohesion_names(int *n) { if (n) *n = COUNT(cohesion_names); return cohesion_names; }
const char *const *fogn_elan_names(int *n) { if (n) *n = COUNT(elan_names); return elan_names; }
const char *const *fogn_training_names(int *n) { if (n) *n = COUNT(training_names); return training_names; }
const char *const *fogn_attach_names(int *n) { if (n) *n = COUNT(attach_names); return attach_names; }

bool fogn_formation_allowed(const fogn_unit_profile *p, fogn_formation f)
{
    if (!p || p->troop >= FOGN_TROOP_COUNT) return false;
    bool large = p->size == FOGN_LARGE;
    switch (fogn_troop_arm((fogn_troop)p->troop)) {
    case FOGN_ARM_INF:
        switch (f) {
        case FOGN_F_TACTICAL:
        case FOGN_F_LINE:
        case FOGN_F_COLUMN:
        case FOGN_F_SQUARE:
            return true;
        case FOGN_F_DEEP:
            return large;
        case FOGN_F_SKIRMISH:
        case FOGN_F_SKIRMISH_LINE:
            return p->troop == FOGN_INF_LIGHT;
        default:
            return false;
        }
    case FOGN_ARM_CAV:
        switch (f) {
        case FOGN_F_TACTICAL:
        case FOGN_F_LINE:
        case FOGN_F_COLUMN:
            return true;
        case FOGN_F_DEEP:
            return large;
        default:
            return false;
        }
    case FOGN_ARM_ART:
        return f == FOGN_F_LIMBERED || f == FOGN_F_UNLIMBERED;
    }
    return false;
}

static const char *const reaction_names[FOGN_RE_COUNT] = {"none",          "stand",   "square",    "tactical", "evade",
                                                          "countercharge", "abandon", "standfire", "fireleave"};

const char *fogn_reaction_name(int r) { return r >= 0 && r < FOGN_RE_COUNT ? reaction_names[r] : NULL; }

int fogn_reaction_from_name(const char *name)
{
    for (int r = 1; r < FOGN_RE_COUNT; r++)
        if (!strcmp(reaction_names[r], name)) return r;
    return -1;
}
