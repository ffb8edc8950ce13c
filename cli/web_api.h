/* web_api.h - the server's state and the handlers of docs/web.md's calls,
 * shared by the router (web_server.c) and the files that answer: the lists
 * and new games (web_list.c), a game's calls (web_api.c), its position as
 * JSON (web_pos.c), the AI's turn, hints and /api/move (web_ai.c). */
#ifndef GR_WEB_API_H
#define GR_WEB_API_H

#include <stdatomic.h>

#include "web.h"
#include "web_http.h"
#include "web_games.h"

struct gr_web {
    gr_web_options o;
    char host[64];
    char ai[160];
    char saves[256];
    int port;
    void *daemon;               /* struct MHD_Daemon */
    gr_web_games games;
    pthread_mutex_t new_mu;     /* a new game's save name taken and its file written */
    atomic_llong last_ms;       /* the last request's time, for the idle exit */
};

typedef int (*gr_web_fn)(gr_web *w, const gr_web_req *q, gr_web_resp *r);
typedef int (*gr_web_game_fn)(gr_web *w, gr_web_game *G, const gr_web_req *q, gr_web_resp *r);

/* web_list.c */
int gr_web_list_scenarios(gr_web *w, const gr_web_req *q, gr_web_resp *r);
int gr_web_list_saves(gr_web *w, const gr_web_req *q, gr_web_resp *r);
int gr_web_list_games(gr_web *w, const gr_web_req *q, gr_web_resp *r);
int gr_web_new_game(gr_web *w, const gr_web_req *q, gr_web_resp *r);
int gr_web_load_game(gr_web *w, const gr_web_req *q, gr_web_resp *r);
/* "normal" -> its spec, or the text itself */
const char *gr_web_level_spec(const char *level);

/* web_api.c */
int gr_web_position(gr_web *w, gr_web_game *G, const gr_web_req *q, gr_web_resp *r);
int gr_web_map(gr_web *w, gr_web_game *G, const gr_web_req *q, gr_web_resp *r);
int gr_web_order(gr_web *w, gr_web_game *G, const gr_web_req *q, gr_web_resp *r);
int gr_web_preview(gr_web *w, gr_web_game *G, const gr_web_req *q, gr_web_resp *r);
int gr_web_fix(gr_web *w, gr_web_game *G, const gr_web_req *q, gr_web_resp *r);
int gr_web_drag(gr_web *w, gr_web_game *G, const gr_web_req *q, gr_web_resp *r);
int gr_web_undo(gr_web *w, gr_web_game *G, const gr_web_req *q, gr_web_resp *r);
int gr_web_save(gr_web *w, gr_web_game *G, const gr_web_req *q, gr_web_resp *r);
int gr_web_log(gr_web *w, gr_web_game *G, const gr_web_req *q, gr_web_resp *r);
int gr_web_close(gr_web *w, gr_web_game *G, const gr_web_req *q, gr_web_resp *r);

/* web_pos.c */
/* The position of docs/web.md (G locked). */
json_t *gr_web_position_json(const gr_web *w, gr_web_game *G);
/* The pieces of a state, in the map's pixels; only those whose ref is in
 * refs (a NULL-ended list) when refs is given. */
json_t *gr_web_pieces_json(const gr_game *g, const void *state, const char *const *refs);
#define GR_WEB_REF_MAX 16
/* The pieces an order's text names, as they are named (its actor first,
 * then what it is aimed at): its words that are refs of `pieces`. Returns
 * how many, at most two. */
int gr_web_order_refs(const char *text, json_t *pieces, char refs[2][GR_WEB_REF_MAX]);
/* {"ref", "from", "to"}: the piece's centre in before and after, in the
 * map's pixels; NULL when it is not drawn in both or has not moved. */
json_t *gr_web_path_json(const gr_game *g, const void *before, const void *after, const char *ref);
/* 1 when the person decides now in G. */
int gr_web_yours(const gr_web_game *G);

/* web_ai.c */
int gr_web_ai_start(gr_web *w, gr_web_game *G, const gr_web_req *q, gr_web_resp *r);
int gr_web_ai_status(gr_web *w, gr_web_game *G, const gr_web_req *q, gr_web_resp *r);
int gr_web_hint(gr_web *w, gr_web_game *G, const gr_web_req *q, gr_web_resp *r);
int gr_web_move(gr_web *w, const gr_web_req *q, gr_web_resp *r);

#endif
