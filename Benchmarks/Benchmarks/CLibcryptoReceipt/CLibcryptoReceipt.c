#include "CLibcryptoReceipt.h"

#include <limits.h>
#include <openssl/err.h>
#include <openssl/pkcs7.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>
#include <openssl/x509v3.h>

struct lc_store {
    X509_STORE *store;
};

lc_store *lc_store_new(const unsigned char *root, size_t rootLen, long long at) {
    if (root == NULL || rootLen > LONG_MAX) return NULL;
    const unsigned char *cursor = root;
    X509 *certificate = d2i_X509(NULL, &cursor, (long)rootLen);
    if (certificate == NULL || cursor != root + rootLen) {
        X509_free(certificate);
        ERR_clear_error();
        return NULL;
    }
    lc_store *result = OPENSSL_zalloc(sizeof(lc_store));
    X509_STORE *store = X509_STORE_new();
    int ok = result != NULL && store != NULL && X509_STORE_add_cert(store, certificate) == 1;
    X509_free(certificate);  // the store holds its own reference
    if (ok) {
        // The store's parameters are inherited by every verification: a fixed instant (the receipt's creation
        // date) and any purpose (Apple's receipt-signing leaf carries no S/MIME extended key usage).
        X509_VERIFY_PARAM *param = X509_STORE_get0_param(store);
        X509_VERIFY_PARAM_set_time(param, (time_t)at);
        ok = X509_VERIFY_PARAM_set_purpose(param, X509_PURPOSE_ANY) == 1;
    }
    if (!ok) {
        X509_STORE_free(store);
        OPENSSL_free(result);
        ERR_clear_error();
        return NULL;
    }
    result->store = store;
    return result;
}

void lc_store_free(lc_store *store) {
    if (store == NULL) return;
    X509_STORE_free(store->store);
    OPENSSL_free(store);
}

int lc_verify_receipt_with_store(const lc_store *store, const unsigned char *der, size_t len) {
    if (store == NULL || der == NULL || len > LONG_MAX) return 0;
    const unsigned char *cursor = der;
    PKCS7 *p7 = d2i_PKCS7(NULL, &cursor, (long)len);
    int valid = 0;
    if (p7 != NULL && cursor == der + len && PKCS7_type_is_signed(p7)) {
        // The content is attached (indata NULL); PKCS7_BINARY leaves it untranslated. No output is wanted.
        valid = PKCS7_verify(p7, NULL, store->store, NULL, NULL, PKCS7_BINARY) == 1;
    }
    PKCS7_free(p7);
    ERR_clear_error();
    return valid;
}
