/* setup_cover.c - the reach of a sweep of generated battles (see
 * setup_cover.h). */
#include "setup_cover.h"

void fogn_cover_table(fogn_cover *c, const fogn_scenario *s)
{
    for (int i = 0; i < s->terrain.n; i++)
        if (s->terrain.p[i].type < GR_T_COUNT) c->terrain[s->terrain.p[i].type] = true;
}

void fogn_cover_after(void *ctx, const gr_game *g, const void *state, const gr_log *log)
{
    (void)log;
    fogn_cover *c = ctx;
    const fogn_scenario *s = g->scn;
    const fogn_state *st = state;
    c->positions++;
    int held = 0;
    for (int i = 0; i < s->nunits; i++) {
        const fogn_unit *u = &st->u[i];
        if (s->units[i].troop < FOGN_TROOP_COUNT && u->formation < FOGN_F_COUNT)
            c->troop_form[s->units[i].troop][u->formation] = true;
        held |= u->bld >= 0;
    }
    c->in_building += held;
}

void fogn_cover_print(const fogn_cover *c, FILE *out)
{
    int pairs = 0, kinds = 0;
    for (int t = 0; t < FOGN_TROOP_COUNT; t++)
        for (int f = 0; f < FOGN_F_COUNT; f++) pairs += c->troop_form[t][f];
    for (int k = 0; k < GR_T_COUNT; k++) kinds += c->terrain[k];
    fprintf(out, "coverage: %ld positions checked; %d troop type and formation pairs seen:", c->positions, pairs);
    for (int t = 0; t < FOGN_TROOP_COUNT; t++) {
        int n = 0;
        for (int f = 0; f < FOGN_F_COUNT; f++) n += c->troop_form[t][f];
        if (!n) continue;
        fprintf(out, " %s (", fogn_troop_name((fogn_troop)t));
        for (int f = 0, first = 1; f < FOGN_F_COUNT; f++)
            if (c->troop_form[t][f]) fprintf(out, "%s%s", first ? "" : ", ", fogn_formation_name((fogn_formation)f)), first = 0;
        fprintf(out, ")");
    }
    fprintf(out, "; %d terrain kinds on the tables:", kinds);
    for (int k = 0; k < GR_T_COUNT; k++)
        if (c->terrain[k]) fprintf(out, " %s", gr_terrain_type_name((gr_terrain_type)k));
    fprintf(out, "; never on a table:");
    for (int k = 0; k < GR_T_COUNT; k++)
        if (!c->terrain[k]) fprintf(out, " %s", gr_terrain_type_name((gr_terrain_type)k));
    fprintf(out, "; positions with a unit in a building or field work: %ld\n", c->in_building);
}
