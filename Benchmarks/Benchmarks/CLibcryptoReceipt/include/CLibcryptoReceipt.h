#ifndef CLIBCRYPTO_RECEIPT_H
#define CLIBCRYPTO_RECEIPT_H

#include <stddef.h>

// App Store receipt verification with OpenSSL's libcrypto, the way a C server does it: d2i_PKCS7, then
// PKCS7_verify against a store holding the Apple Inc. Root, at a fixed instant, any purpose, binary content.
// Only standard C types cross this header, so Swift never sees OpenSSL's.

#ifdef __cplusplus
extern "C" {
#endif

/// A trust store (an X509_STORE) holding one root certificate, verifying at `at` (seconds since 1970).
typedef struct lc_store lc_store;

/// Parses the DER root and builds the store; NULL when the root does not parse.
lc_store *lc_store_new(const unsigned char *root, size_t rootLen, long long at);

/// Frees a store from lc_store_new (NULL is allowed).
void lc_store_free(lc_store *store);

/// Parses the DER receipt and verifies its signature and chain against the store: 1 when valid, 0 when not.
/// Everything about the receipt is parsed inside the call; the error queue is cleared before returning.
int lc_verify_receipt_with_store(const lc_store *store, const unsigned char *der, size_t len);

#ifdef __cplusplus
}
#endif

#endif
