import PureDER

// The rules of RFC 5280 §6.1 that apply without name constraints and policy mappings, as values that
// PathValidator runs in order on every path whose signatures verified, before the caller's policy; and the
// rules of RFC 5280 §4 for what CAs issue, which callers include through CertificatePolicy.issuanceProfile.

private func text(_ seconds: Int64) -> String {
    UTCDateTime.rfc3339(secondsSince1970: seconds)
}

extension CertificateRule {
    /// RFC 5280's rules, in the order ``PathValidator`` runs them.
    public static let rfc5280: [CertificateRule] = [
        .validityPeriod, .criticalExtensions, .leafKey, .leafKeyUsage, .issuersAreCertificateAuthorities,
        .issuerKeyUsage, .pathLengthConstraints,
    ]

    /// Every certificate's validity period contains the validation instant (§6.1.3 (a)(2)).
    public static let validityPeriod = CertificateRule("validity period") { path in
        let time = path.validationTime
        for (index, certificate) in path.certificates.enumerated() {
            guard certificate.notBefore <= time else {
                return RuleViolation(
                    .notYetValid,
                    certificateIndex: index,
                    "valid only from \(text(certificate.notBefore)), after \(text(time))"
                )
            }
            guard time <= certificate.notAfter else {
                return RuleViolation(
                    .expired,
                    certificateIndex: index,
                    "expired at \(text(certificate.notAfter)), before \(text(time))"
                )
            }
        }
        return nil
    }

    /// Every critical extension is one path validation enforces (``Certificate/understoodExtensions``) or one a
    /// rule of the caller's policy takes responsibility for (§6.1.4 (o), §6.1.5 (f)).
    public static let criticalExtensions = CertificateRule("critical extensions understood") { path in
        for (index, certificate) in path.certificates.enumerated() {
            for item in certificate.extensions
            where item.isCritical && !Certificate.understoodExtensions.contains(item.oid)
                && !path.policy.understands(item.oid)
            {
                return RuleViolation(
                    .unknownCriticalExtension,
                    certificateIndex: index,
                    "critical extension \(item.oid) is not understood"
                )
            }
        }
        return nil
    }

    /// The leaf's key meets the algorithm policy: it verifies what the caller checks next.
    public static let leafKey = CertificateRule("leaf key allowed") { path in
        guard let key = path.leaf.publicKey else {
            // An algorithm this library does not implement signs nothing it verifies; the caller's own check of
            // what the leaf signed says so. A path whose leaf is only named is not refused for it.
            return nil
        }
        return path.algorithms.refusal(of: key, owner: "the leaf's").map {
            RuleViolation(.algorithmNotAllowed, certificateIndex: 0, $0)
        }
    }

    /// A leaf with keyUsage allows digitalSignature (§4.2.1.3).
    public static let leafKeyUsage = CertificateRule("leaf key usage") { path in
        guard let usage = path.leaf.keyUsage, !usage.digitalSignature else { return nil }
        return RuleViolation(.keyUsage, certificateIndex: 0, "keyUsage lacks digitalSignature")
    }

    /// Every issuer is a CA: basicConstraints with cA TRUE (§6.1.4 (k)).
    public static let issuersAreCertificateAuthorities = CertificateRule(issuerIsCA) { path in
        for index in path.certificates.indices.dropFirst() {
            if let reason = notCertificateAuthority(path.certificates[index]) {
                return RuleViolation(.notCertificateAuthority, certificateIndex: index, reason)
            }
        }
        return nil
    }

    /// Every issuer with keyUsage allows keyCertSign (§6.1.4 (n)).
    public static let issuerKeyUsage = CertificateRule(issuerKeyUsageName) { path in
        for index in path.certificates.indices.dropFirst() {
            if let reason = lacksKeyCertSign(path.certificates[index]) {
                return RuleViolation(.keyUsage, certificateIndex: index, reason)
            }
        }
        return nil
    }

    private static let issuerIsCA = "issuers are CAs"
    private static let issuerKeyUsageName = "issuer key usage"

    private static func notCertificateAuthority(_ certificate: Certificate) -> String? {
        certificate.basicConstraints?.isCertificateAuthority == true ? nil : "issues certificates but is not a CA"
    }

    private static func lacksKeyCertSign(_ certificate: Certificate) -> String? {
        guard let usage = certificate.keyUsage, !usage.keyCertSign else { return nil }
        return "keyUsage lacks keyCertSign"
    }

    /// What ``issuersAreCertificateAuthorities`` and ``issuerKeyUsage`` say of `certificate` as the issuer at
    /// `index` of a path, for path building to pass over candidates that can be on no valid path.
    static func issuerViolation(
        _ certificate: Certificate,
        at index: Int
    ) -> (code: PathValidationError.Code, certificateIndex: Int, reason: String, rule: String)? {
        if let reason = notCertificateAuthority(certificate) {
            return (.notCertificateAuthority, index, reason, issuerIsCA)
        }
        if let reason = lacksKeyCertSign(certificate) {
            return (.keyUsage, index, reason, issuerKeyUsageName)
        }
        return nil
    }

    /// No pathLenConstraint is exceeded, walking from the anchor down as §6.1.4 (l) and (m) do; self-issued
    /// intermediates do not count.
    public static let pathLengthConstraints = CertificateRule("path length constraints") { path in
        let certificates = path.certificates
        var remaining: Int? = nil  // how many more non-self-issued intermediates may follow; nil: no limit yet
        for index in stride(from: certificates.count - 1, through: 1, by: -1) {
            let certificate = certificates[index]
            if index < certificates.count - 1 && !certificate.isSelfIssued, let allowed = remaining {
                guard allowed > 0 else {
                    return RuleViolation(
                        .pathLengthExceeded,
                        certificateIndex: index,
                        "one intermediate more than a pathLenConstraint above allows"
                    )
                }
                remaining = allowed - 1
            }
            if let limit = certificate.basicConstraints?.pathLengthConstraint {
                remaining = min(remaining ?? limit, limit)
            }
        }
        return nil
    }

    /// RFC 5280 §4's rules for what CAs issue, on paths of two or more certificates (a lone self-signed leaf that
    /// is its own anchor carries what its maker chose): a non-empty issuer name, key identifiers present and not
    /// critical, a critical basicConstraints on every CA, keyCertSign only on CAs. §6 path validation does not need
    /// them; they make path building unambiguous and catch careless CAs. Test PKIs made by tools that omit key
    /// identifiers break them, so this rule is part of a policy (``CertificatePolicy/issuanceProfile``), not of
    /// ``rfc5280``.
    public static let issuanceProfile = CertificateRule("RFC 5280 issuance profile") { path in
        let certificates = path.certificates
        guard certificates.count > 1 else { return nil }
        for (index, certificate) in certificates.enumerated() {
            if let reason = issuanceProfileViolation(
                of: certificate,
                isIssuer: index > 0,
                isAnchor: index == certificates.count - 1
            ) {
                return RuleViolation(.profileViolation, certificateIndex: index, reason)
            }
        }
        return nil
    }

    private static func issuanceProfileViolation(of certificate: Certificate, isIssuer: Bool, isAnchor: Bool) -> String?
    {
        if certificate.issuer.isEmpty {
            return "an empty issuer name (§4.1.2.4)"
        }
        if certificate.isCriticalExtension(.authorityKeyIdentifier) == true {
            return "authority key identifier marked critical (§4.2.1.1–2)"
        }
        if certificate.isCriticalExtension(.subjectKeyIdentifier) == true {
            return "subject key identifier marked critical (§4.2.1.1–2)"
        }
        if !isAnchor && certificate.authorityKeyIdentifier == nil {
            return "no authority key identifier (§4.2.1.1)"
        }
        if isIssuer && certificate.subjectKeyIdentifier == nil {
            return "a CA without a subject key identifier (§4.2.1.2)"
        }
        if isIssuer && certificate.isCriticalExtension(.basicConstraints) != true {
            return "a CA whose basicConstraints is not critical (§4.2.1.9)"
        }
        if certificate.subject.isEmpty && certificate.isCriticalExtension(.subjectAlternativeName) != true {
            return "an empty subject without a critical subjectAltName (§4.2.1.6)"
        }
        if certificate.keyUsage?.keyCertSign == true && certificate.basicConstraints?.isCertificateAuthority != true {
            return "keyCertSign on a certificate that is not a CA (§4.2.1.9)"
        }
        return nil
    }
}
