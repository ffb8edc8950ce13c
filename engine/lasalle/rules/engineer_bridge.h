/* engineer_bridge.h - Bridging [H Engineering, p.78-79]: a pontoon bridge
 * built across a stream or river from a bank site. The engine offers the
 * sites: points along the water's course every LASALLE_BANK_STEP_BW, each
 * on the bank facing the commander. Each passed engineering test of the
 * side's Engineering segment adds one 1 BW section (one a turn, however
 * many engineers work there); once the sections span the water the
 * bridge is finished, its engineers are removed (lasalle_state.spans
 * keeps the bridge), and it carries units across as a wooden bridge
 * LASALLE_PONTOON_WIDTH_BW wide, straight across the water's course. */
#ifndef LASALLE_ENGINEER_BRIDGE_H
#define LASALLE_ENGINEER_BRIDGE_H

#include "../lasalle.h"
#include "../../core/geom.h"

#define LASALLE_BANK_STEP_BW 2.0        /* bank sites along the water this far apart (ruling R-163) */
#define LASALLE_PONTOON_WIDTH_BW 1.0    /* a pontoon bridge is as wide as a road (ruling R-163) */
#define LASALLE_MAX_BANK_SITES 64

/* the bank sites along water piece k (0 when it is no stream or river) */
int lasalle_bank_sites(const lasalle_scenario *s, int k);
/* the bank of site `site` of water piece k facing `from`: 0 left of the course, 1 right */
int lasalle_bank_facing(const lasalle_scenario *s, int k, int site, gr_vec2 from);
/* the near bank point (where the engineer stands) and the far one of a pontoon at `site`, `bank` */
void lasalle_pontoon_ends(const lasalle_scenario *s, int k, int site, int bank, gr_vec2 *near, gr_vec2 *far);
/* the 1 BW sections the water's width asks for */
int lasalle_pontoon_sections(const lasalle_scenario *s, int k);
/* the engineer whose finished pontoon spans water piece k from bank site `site`, -1 none */
int lasalle_pontoon_at(const lasalle_scenario *s, const lasalle_state *st, int k, int site);
/* 1 when some unit's hull stands on the finished pontoon of engineer e */
int lasalle_pontoon_held(const lasalle_scenario *s, const lasalle_state *st, int e);
/* 1 when the point stands on a finished pontoon bridge of the state */
int lasalle_on_pontoon(const lasalle_scenario *s, const lasalle_state *st, gr_vec2 q);

#endif
