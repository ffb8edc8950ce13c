/* terrain_names.c - the names terrain types go by in scenario files, and which
 * types are drawn as lines with a width rather than as areas. Kept apart from
 * terrain.c (the spatial queries) so loaders and tools can use it alone. */
#include "terrain.h"

#include <string.h>

/* indexed by gr_terrain_type; must stay in the enum's order */
static const char *const terrain_names[GR_T_COUNT] = {
    [GR_T_OPEN] = "open",
    [GR_T_FIELDS] = "fields",
    [GR_T_BRUSH] = "brush",
    [GR_T_OPEN_WOOD] = "open_wood",
    [GR_T_DENSE_WOOD] = "dense_wood",
    [GR_T_MARSH] = "marsh",
    [GR_T_GENTLE_HILL] = "gentle_hill",
    [GR_T_STEEP_HILL] = "steep_hill",
    [GR_T_LAKE] = "lake",
    [GR_T_ROCKY] = "rocky",
    [GR_T_BUILDING] = "building",
    [GR_T_GULLY] = "gully",
    [GR_T_FORTIFICATION] = "fortification",
    [GR_T_SOFT_GROUND] = "soft_ground",
    [GR_T_ROAD] = "road",
    [GR_T_RIVER] = "river",
    [GR_T_STREAM] = "stream",
    [GR_T_WALL] = "wall",
    [GR_T_HEDGE] = "hedge",
    [GR_T_BRIDGE] = "bridge",
    [GR_T_FORD] = "ford",
};

const char *gr_terrain_type_name(gr_terrain_type t)
{
    if ((int)t < 0 || t >= GR_T_COUNT) return NULL;
    return terrain_names[t];
}

int gr_terrain_type_from_name(const char *name)
{
    if (!name) return -1;
    for (int i = 0; i < GR_T_COUNT; i++)
        if (terrain_names[i] && strcmp(name, terrain_names[i]) == 0) return i;
    return -1;
}

bool gr_terrain_type_is_linear(gr_terrain_type t)
{
    return t >= GR_T_ROAD && t < GR_T_COUNT;
}
