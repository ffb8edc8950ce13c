/* reserve_json.c - reads a division's "reserve" object from a scenario file:
 * the edge and sector it comes on from, and optionally the move on which a
 * timed reinforcement arrives or the latest move a rolling reserve may wait
 * for (§8.1, §20). Every field is checked with a path in the message. */
#include "reserve.h"
#include "../../core/jsonutil.h"


#include <string.h>

static const char *const edge_names[] = {"rear", "left", "right"};
static const char *const sector_names[] = {"left", "centre", "right", "front", "rear"};
static const char *const status_names[] = {"none", "waiting", "activated", "arriving"};

#define NAMES(a) ((int)(sizeof(a) / sizeof((a)[0])))
#define RES_MOVE_MAX 60 /* our bound on the move numbers a file may give */

const char *fogn_res_edge_name(int e) { return e >= 0 && e < NAMES(edge_names) ? edge_names[e] : "?"; }
const char *fogn_res_sector_name(int sec) { return sec >= 0 && sec < NAMES(sector_names) ? sector_names[sec] : "?"; }
const char *fogn_res_status_name(int st) { return st >= 0 && st < NAMES(status_names) ? status_names[st] : "?"; }

int fogn_reserve_from_json(json_t *div, const char *path, fogn_division *d, gr_error *err)
{
    static const char *const keys[] = {"edge", "sector", "arrives", "latest"};
    char p[200];
    json_t *o = json_object_get(div, "reserve");
    if (!o || json_is_null(o)) return 0;
    gr_json_path_key(p, sizeof p, path, "reserve");
    if (!json_is_object(o))
        return gr_error_set(err, "%s: must be an object such as {\"edge\": \"rear\", \"sector\": \"centre\"}", p);
    if (gr_json_only_keys(o, p, keys, NAMES(keys), err)) return -1;
    int edge = FOGN_EDGE_REAR, sector = -1;
    if (gr_json_enum(o, p, "edge", true, edge_names, NAMES(edge_names), &edge, err)) return -1;
    if (gr_json_enum(o, p, "sector", true, sector_names, NAMES(sector_names), &sector, err)) return -1;
    char q[220];
    gr_json_path_key(q, sizeof q, p, "sector");
    if (edge == FOGN_EDGE_REAR && sector > FOGN_SEC_RIGHT)
        return gr_error_set(err, "%s: the rear edge has the sectors left, centre and right, not \"%s\" (§8.1)", q,
                            sector_names[sector]);
    if (edge != FOGN_EDGE_REAR && sector <= FOGN_SEC_RIGHT)
        return gr_error_set(err, "%s: a side edge has the sectors front and rear (its halves), not \"%s\" (§8.1)", q,
                            sector_names[sector]);
    long arrives = 0, latest = 0;
    if (gr_json_int(o, p, "arrives", false, 1, RES_MOVE_MAX, &arrives, err)) return -1;
    if (gr_json_int(o, p, "latest", false, FOGN_RESERVE_FROM_MOVE, RES_MOVE_MAX, &latest, err)) return -1;
    if (arrives && latest)
        return gr_error_set(err, "%s: give either \"arrives\" (a timed reinforcement) or \"latest\" (a reserve that "
                            "rolls), not both", p);
    d->reserve = 1;
    d->res_edge = (uint8_t)edge;
    d->res_sector = (uint8_t)sector;
    d->res_arrives = (uint8_t)arrives;
    d->res_latest = (uint8_t)latest;
    return 0;
}
