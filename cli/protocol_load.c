/* protocol_load.c - `load URL` in `grognard protocol`: the fetch runs on a
 * thread of its own, so a silent server cannot stop the session from
 * hearing `stop` (which abandons the load) or `quit`. The thread answers
 * the load itself, with one line; any other command waits for that answer
 * first (as a client that sends commands ahead expects), so the thread
 * alone touches the game while it runs. */
#include "protocol.h"
#include "../engine/core/fetch.h"

#include <stdlib.h>
#include <string.h>

#define PROTO_LOAD_MAX_BYTES ((size_t)16 << 20)   /* as for a file */

static void *load_main(void *arg)
{
    proto *p = arg;
    gr_error err;
    gr_error_clear(&err);
    json_t *root = gr_fetch_json_cancel(p->load_url, PROTO_LOAD_MAX_BYTES, p->load_ms, &p->load_cancel, &err);
    gr_live tmp;
    if (root && !atomic_load(&p->load_cancel) &&
        gr_live_open_root(&tmp, root, p->load_url, p->seed, 0, NULL, NULL, &err) == 0) {
        if (p->loaded) gr_live_free(&p->L);
        p->L = tmp;
        gr_dice_set_log(&p->L.dice, &p->L.log);
        gr_proto_loaded_ok(p, "load");
    } else {
        if (root && atomic_load(&p->load_cancel)) {
            json_decref(root);
            gr_error_set(&err, "%s: abandoned", p->load_url);
        }
        gr_proto_say_error(p, "load: %s", err.msg);
    }
    atomic_store(&p->load_done, 1);
    return NULL;
}

int gr_proto_load_start(proto *p, char *url, long ms)
{
    p->load_url = url;
    p->load_ms = ms;
    atomic_store(&p->load_cancel, 0);
    atomic_store(&p->load_done, 0);
    if (pthread_create(&p->load_th, NULL, load_main, p)) {
        free(p->load_url);
        p->load_url = NULL;
        gr_proto_say_error(p, "load: cannot start the loading thread");
        return -1;
    }
    p->loading = 1;
    return 0;
}

void gr_proto_load_join(proto *p, int cancel)
{
    if (!p->loading) return;
    if (cancel) atomic_store(&p->load_cancel, 1);
    pthread_join(p->load_th, NULL);
    p->loading = 0;
    free(p->load_url);
    p->load_url = NULL;
}
