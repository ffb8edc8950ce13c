/* setup_json.c - Field of Glory Napoleonic: a finished points-battle setup
 * (setup.h) written as a scenario (docs/scenario-format.md): the table, the
 * sides with their LOCs, the terrain, the divisions, commanders and units with
 * unique names, the objectives (the defender's hill and every village) and
 * the turn limit; and the check that a scenario loads and its first state
 * passes the invariants with nobody on impassable ground or in water. */
#include "../rules/present.h"
#include "../rules/turn.h"
#include "../rules/reserve.h"
#include "setup.h"
#include "../rules/move.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* --- the scenario JSON ---------------------------------------------------------------------------------- */
/* coordinates are written to the thousandth of a MU */
static json_t *num(double v) { return json_real(round(v * 1000.0) / 1000.0); }

/* a name not yet in names[0..n-1]: base, else "base 2", "base 3", ... */
static void unique_name(char out[FOGN_NAME], const char *base, char (*names)[FOGN_NAME], int n)
{
    char b[FOGN_NAME];
    fogn_setup_copy_name(b, sizeof b, base[0] ? base : "Unnamed");
    snprintf(out, FOGN_NAME, "%s", b);
    for (int k = 2; k < 100; k++) {
        bool clash = false;
        for (int i = 0; i < n && !clash; i++) clash = strcmp(names[i], out) == 0;
        if (!clash) return;
        char shorter[FOGN_NAME];
        fogn_setup_copy_name(shorter, FOGN_NAME - 4, b);
        fogn_setup_fit(out, FOGN_NAME, "%s %d", shorter, k);
    }
}

static const char *const skill_words[FOGN_Q_COUNT] = {"exceptional", "skilled", "competent"};

static const char *skill_of(const fogn_army_cmdr *c)
{
    return c->quality >= 0 && c->quality < FOGN_Q_COUNT ? skill_words[c->quality] : "competent";
}

static json_t *terrain_json(const fogn_setup *S)
{
    static const char *const water[] = {"ankle", "waist", "shoulder", "torrent", "dry"};
    json_t *arr = json_array();
    for (int i = 0; i < S->terrain.n; i++) {
        const gr_terrain_piece *p = &S->terrain.p[i];
        json_t *o = json_object(), *pts = json_array();
        json_object_set_new(o, "name", json_string(p->name));
        json_object_set_new(o, "type", json_string(gr_terrain_type_name((gr_terrain_type)p->type)));
        if (p->type == GR_T_RIVER || p->type == GR_T_STREAM || p->type == GR_T_FORD)
            json_object_set_new(o, "grade", json_string(water[p->grade <= GR_WATER_DRY ? p->grade : 0]));
        else if (p->type == GR_T_GENTLE_HILL || p->type == GR_T_STEEP_HILL)
            json_object_set_new(o, "grade", json_string("peak"));
        else if (p->type == GR_T_OPEN_WOOD)
            json_object_set_new(o, "grade", json_string("rough"));
        else if (p->type == GR_T_FORTIFICATION)
            json_object_set_new(o, "rear", json_integer(p->grade));
        if (p->shape == GR_SHAPE_POLYLINE) json_object_set_new(o, "width", num(p->width));
        for (int k = 0; k < p->npts; k++) {
            json_t *pt = json_array();
            json_array_append_new(pt, num(p->pts[k].x));
            json_array_append_new(pt, num(p->pts[k].y));
            json_array_append_new(pts, pt);
        }
        json_object_set_new(o, "points", pts);
        json_array_append_new(arr, o);
    }
    return arr;
}

static json_t *unit_json(int side, const fogn_unit_profile *p, const char *name,
                         const char *div, const fogn_setup_pose *pose)
{
    static const char *const sizes[] = {"small", "large"};
    json_t *o = json_object();
    json_object_set_new(o, "name", json_string(name));
    json_object_set_new(o, "side", json_integer(side));
    json_object_set_new(o, "division", json_string(div));
    json_object_set_new(o, "troop", json_string(fogn_troop_name((fogn_troop)p->troop)));
    json_object_set_new(o, "elan", json_string(fogn_elan_name((fogn_elan)p->elan)));
    json_object_set_new(o, "training", json_string(fogn_training_name((fogn_training)p->training)));
    json_object_set_new(o, "size", json_string(sizes[p->size ? 1 : 0]));
    if (p->weight == FOGN_HEAVY) json_object_set_new(o, "weight", json_string("heavy"));
    static const struct { uint16_t bit; const char *key; } caps[] = {
        {FOGN_CAP_GUARD, "guard"},         {FOGN_CAP_RIFLES, "rifles"},
        {FOGN_CAP_SHOCK, "shock"},         {FOGN_CAP_IMPETUOUS, "impetuous"},
        {FOGN_CAP_IMMOBILE, "immobile"},   {FOGN_CAP_MOVE_UNREFORMED, "move_unreformed"},
        {FOGN_CAP_FIRE_REFORMED, "fire_reformed"}};
    for (int k = 0; k < COUNT(caps); k++)
        if (p->caps & caps[k].bit) json_object_set_new(o, caps[k].key, json_true());
    if (p->caps & FOGN_CAP_LANCERS) json_object_set_new(o, "lancers", json_string("all"));
    else if (p->caps & FOGN_CAP_PART_LANCERS) json_object_set_new(o, "lancers", json_string("partial"));
    if (p->attach[0]) {
        json_t *at = json_array();
        for (int k = 0; k < 2; k++)
            if (p->attach[k]) json_array_append_new(at, json_string(fogn_attach_name((fogn_attach)p->attach[k])));
        json_object_set_new(o, "attachments", at);
    }
    json_object_set_new(o, "formation", json_string(fogn_formation_name((fogn_formation)p->start_formation)));
    if (!pose) return o; /* kept off the table (§17.5): no place yet */
    json_object_set_new(o, "x", num(pose->x));
    json_object_set_new(o, "y", num(pose->y));
    json_object_set_new(o, "facing", json_string(side == 0 ? "north" : "south"));
    return o;
}

json_t *fogn_setup_to_json(const fogn_setup *S, gr_error *err)
{
    char unames[FOGN_MAX_UNITS][FOGN_NAME], cnames[FOGN_MAX_CMDRS][FOGN_NAME], dnames[FOGN_MAX_DIVS][FOGN_NAME];
    char dname_of[2][FOGN_ARMY_MAX_DIVS][FOGN_NAME];
    int nu = 0, nc = 0, nd = 0;
    json_t *root = json_object();
    if (!root) {
        gr_error_set(err, "setup: out of memory");
        return NULL;
    }
    char title[80], a0[FOGN_NAME], a1[FOGN_NAME];
    fogn_setup_copy_name(a0, 36, S->side_name[S->attacker]);
    fogn_setup_copy_name(a1, 36, S->side_name[S->defender]);
    fogn_setup_fit(title, sizeof title, "%s attacks %s", a0, a1);
    char desc[400];
    snprintf(desc, sizeof desc,
             "A points battle set up by the rules of §17 (grognard setup): %s won the pre-battle initiative and "
             "attacks; region %s. Objectives are the defender's central hill and the villages; %d moves a side.",
             S->side_name[S->attacker], fogn_setup_region_name((fogn_region)S->region), FOGN_SETUP_MAX_TURNS);
    json_object_set_new(root, "ruleset", json_string("fogn"));
    json_object_set_new(root, "name", json_string(title));
    json_object_set_new(root, "description", json_string(desc));
    json_t *tab = json_object();
    json_object_set_new(tab, "width", num(S->table_w));
    json_object_set_new(tab, "height", num(S->table_h));
    json_object_set_new(root, "table", tab);
    json_t *sides = json_array();
    for (int s = 0; s < 2; s++) {
        json_t *o = json_object(), *loc = json_object();
        json_object_set_new(o, "name", json_string(S->side_name[s]));
        json_object_set_new(o, "base_edge", json_string(fogn_setup_side_edge(s)));
        /* §17.1: the defender's +2; the attacker's bonus units leave his ACV as it was */
        if (S->nbonus > 0)
            json_object_set_new(o, "acv_adjust",
                                json_integer(s == S->defender ? FOGN_BONUS_DEFENDER_ACV : -S->bonus_acv));
        /* §8.13: the deployment area the defender keeps to in the first two moves */
        json_object_set_new(o, "deployment_depth", num(fogn_setup_zone_depth(S, s)));
        json_object_set_new(loc, "x", num(S->loc[s].x));
        json_object_set_new(loc, "y", num(S->loc[s].y));
        json_object_set_new(o, "loc", loc);
        json_array_append_new(sides, o);
    }
    json_object_set_new(root, "sides", sides);
    json_object_set_new(root, "first_side", json_integer(S->attacker));
    json_object_set_new(root, "weather", json_string("clear"));
    json_object_set_new(root, "max_turns", json_integer(FOGN_SETUP_MAX_TURNS));
    json_object_set_new(root, "opening_moves", json_integer(FOGN_SETUP_OPENING_MOVES));
    json_object_set_new(root, "terrain", terrain_json(S));

    json_t *divs = json_array(), *cmdrs = json_array(), *units = json_array();
    for (int s = 0; s < 2; s++) {
        const fogn_army *a = &S->army[s];
        for (int d = 0; d < a->ndivs; d++) {
            unique_name(dnames[nd], a->divs[d].name, dnames, nd);
            snprintf(dname_of[s][d], FOGN_NAME, "%s", dnames[nd]);
            nd++;
        }
    }
    for (int s = 0; s < 2; s++) {
        const fogn_army *a = &S->army[s];
        char base[FOGN_NAME];
        if (a->corps.name[0]) snprintf(base, sizeof base, "%s", a->corps.name);
        else snprintf(base, sizeof base, "Corps commander %d", s + 1);
        unique_name(cnames[nc], base, cnames, nc);
        json_t *c = json_object();
        json_object_set_new(c, "name", json_string(cnames[nc++]));
        json_object_set_new(c, "side", json_integer(s));
        json_object_set_new(c, "role", json_string("corps"));
        json_object_set_new(c, "skill", json_string(skill_of(&a->corps)));
        if (a->corps.charismatic) json_object_set_new(c, "charismatic", json_true());
        json_object_set_new(c, "x", num(S->corps[s].x));
        json_object_set_new(c, "y", num(S->corps[s].y));
        json_array_append_new(cmdrs, c);
        for (int d = 0; d < a->ndivs; d++) {
            const fogn_army_div *dv = &a->divs[d];
            json_t *o = json_object();
            if (dv->cmdr.name[0]) snprintf(base, sizeof base, "%s", dv->cmdr.name);
            else {
                char dn[FOGN_NAME];
                fogn_setup_copy_name(dn, 30, dname_of[s][d]);
                fogn_setup_fit(base, sizeof base, "GOC %s", dn);
            }
            unique_name(cnames[nc], base, cnames, nc);
            json_object_set_new(o, "name", json_string(dname_of[s][d]));
            json_object_set_new(o, "side", json_integer(s));
            static const char *const kinds[] = {"infantry", "cavalry", "mixed"};
            json_object_set_new(o, "kind", json_string(kinds[dv->kind <= FOGN_DIV_MIXED ? dv->kind : 0]));
            json_object_set_new(o, "commander", json_string(cnames[nc]));
            int held = S->held[s][d];
            if (held != FOGN_SETUP_DEPLOYED) {
                int flank = held == FOGN_SETUP_FLANK;
                json_object_set_new(o, "reserve",
                                    json_pack("{s:s, s:s}", "edge",
                                              fogn_res_edge_name(flank ? S->opt.flank_edge : FOGN_EDGE_REAR), "sector",
                                              fogn_res_sector_name(flank ? S->opt.flank_sector : FOGN_SEC_CENTRE)));
            }
            json_array_append_new(divs, o);
            json_t *c2 = json_object();
            json_object_set_new(c2, "name", json_string(cnames[nc++]));
            json_object_set_new(c2, "side", json_integer(s));
            json_object_set_new(c2, "role", json_string("division"));
            json_object_set_new(c2, "skill", json_string(skill_of(&dv->cmdr)));
            if (dv->cmdr.charismatic) json_object_set_new(c2, "charismatic", json_true());
            if (dv->allied) json_object_set_new(c2, "allied", json_true());
            json_object_set_new(c2, "division", json_string(dname_of[s][d]));
            if (!held) {
                json_object_set_new(c2, "x", num(S->div_cmdr[s][d].x));
                json_object_set_new(c2, "y", num(S->div_cmdr[s][d].y));
            }
            json_array_append_new(cmdrs, c2);
            for (int i = 0; i < dv->nunits; i++) {
                const fogn_army_unit *u = &dv->units[i];
                unique_name(unames[nu], u->name[0] ? u->name : u->entry, unames, nu);
                json_array_append_new(units, unit_json(s, &S->prof[s][d][i], unames[nu], dname_of[s][d],
                                                       held ? NULL : &S->unit[s][d][i]));
                nu++;
            }
        }
    }
    json_object_set_new(root, "divisions", divs);
    json_object_set_new(root, "commanders", cmdrs);
    json_object_set_new(root, "units", units);

    /* objectives (Ruling): the defender's hill and every village */
    json_t *objs = json_array();
    int nobj = 0;
    for (int i = 0; i < S->terrain.n && nobj < FOGN_MAX_OBJ; i++) {
        const gr_terrain_piece *p = &S->terrain.p[i];
        if (i != S->hill && p->type != GR_T_BUILDING) continue;
        gr_vec2 c = gr_poly_centroid(p->pts, p->npts);
        double r = FOGN_SETUP_BUILDING_RADIUS;
        if (i == S->hill) {
            r = 0;
            for (int k = 0; k < p->npts; k++) r = fmax(r, fabs(p->pts[k].x - c.x));
        }
        json_t *o = json_object();
        json_object_set_new(o, "name", json_string(p->name));
        json_object_set_new(o, "x", num(c.x));
        json_object_set_new(o, "y", num(c.y));
        json_object_set_new(o, "radius", num(r));
        json_object_set_new(o, "points", json_integer(i == S->hill ? FOGN_SETUP_HILL_POINTS : FOGN_SETUP_BUILDING_POINTS));
        json_array_append_new(objs, o);
        nobj++;
    }
    json_object_set_new(root, "objectives", objs);
    return root;
}

/* --- checking a finished scenario ---------------------------------------------------------------------------- */
int fogn_setup_check(json_t *scn, gr_error *err)
{
    fogn_scenario *s = fogn_scenario_load(scn, "setup", err);
    if (!s) return -1;
    fogn_state *st = calloc(1, sizeof *st);
    int rc = -1;
    if (!st) {
        gr_error_set(err, "setup: out of memory");
        goto done;
    }
    fogn_init(s, st);
    if (fogn_check_invariants(s, st, err)) {
        gr_error_prefix(err, "starting position: ");
        goto done;
    }
    for (int i = 0; i < s->nunits; i++) {
        if (!(st->u[i].flags & FOGN_UF_ON_TABLE)) continue;
        gr_rect r[2];
        int nr = fogn_unit_rects(&s->units[i], &st->u[i], r);
        for (int k = 0; k < nr; k++)
            for (int t = 0; t < s->terrain.n; t++) {
                const gr_terrain_piece *p = &s->terrain.p[t];
                bool bad = p->type == GR_T_LAKE || p->type == GR_T_ROCKY ||
                           ((p->type == GR_T_RIVER || p->type == GR_T_STREAM) && p->grade != GR_WATER_DRY);
                if (bad && gr_terrain_piece_touches_rect(p, &r[k])) {
                    gr_error_set(err, "starting position: %s stands in %s", s->units[i].name, p->name);
                    goto done;
                }
            }
    }
    for (int c = 0; c < s->ncmdrs; c++) {
        if (!(st->c[c].flags & FOGN_CF_ON_TABLE)) continue; /* with his division, off the table (§8.1) */
        gr_rect r = fogn_cmdr_rect(&st->c[c]);
        if (!fogn_rect_on_table(s, &r)) {
            gr_error_set(err, "starting position: commander %s is off the table", s->cmdrs[c].name);
            goto done;
        }
        for (int t = 0; t < s->terrain.n; t++) {
            const gr_terrain_piece *p = &s->terrain.p[t];
            if ((p->type == GR_T_LAKE || p->type == GR_T_ROCKY) && gr_terrain_piece_touches_rect(p, &r)) {
                gr_error_set(err, "starting position: commander %s stands in %s", s->cmdrs[c].name, p->name);
                goto done;
            }
        }
    }
    rc = 0;
done:
    free(st);
    fogn_scenario_free(s);
    return rc;
}
