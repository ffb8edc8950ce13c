/* verb_price.h - `grognard fogn army price`: the §16 price of any unit. */
#ifndef FOGN_VERB_PRICE_H
#define FOGN_VERB_PRICE_H

/* words: the arguments after "price"; the exit status (0, 1 refused, 2 usage) */
int fogn_army_price(int n, char **words);

#endif
