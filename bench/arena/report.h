/* report.h - turns a set of arena results into a tactics report a wargamer
 * can read: a Markdown page (README.md) with cross tables per scenario,
 * strength against thinking budget, doctrine against doctrine, the orders
 * that went with winning (from the games' records), game length and how
 * games ended, plus the SVG charts it links to. The same set always
 * gives byte-identical files (players sorted by name, fixed number formats,
 * no dates), so reports can be compared and kept under version control. */
#ifndef GR_REPORT_H
#define GR_REPORT_H

#include "../../engine/core/error.h"
#include "results.h"
#include "tactics.h"

/* Writes out_dir/README.md and its SVG charts into out_dir (created, with
 * missing parents, when absent). tactics, the orders of the games read from
 * their records (tactics.h), adds the section "Orders by kind" (NULL: no
 * such section). title heads the page (NULL: a stock title); command is the
 * command line that produced the results, quoted in the header (NULL: not
 * shown). Each file is written atomically. 0, or -1 with the reason. */
int gr_report_write(const gr_arena_set *s, const gr_tactics *tactics, const char *out_dir,
                    const char *title, const char *command, gr_error *err);

#endif
