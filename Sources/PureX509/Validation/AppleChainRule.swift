extension CertificateRule {
    /// The shape both of Apple's PKIs issue, receipts' and signed data's: three certificates, a leaf marked
    /// 1.2.840.113635.100.6.11.1 (``OID/appleReceiptSigning``) under an intermediate marked 1.2.840.113635.100.6.2.1
    /// (``OID/appleWWDRIntermediate``, when `requiringIntermediateMarker`) under the anchor. A signer that is itself
    /// an anchor is exempt (``markedPathFault(_:length:leafMarker:intermediateMarker:)``). `name` is the rule's;
    /// `leafMarkerName` names the leaf's marker in the violation.
    package static func appleChain(
        _ name: String,
        requiringIntermediateMarker: Bool,
        leafMarkerName: String
    ) -> CertificateRule {
        CertificateRule(name, maximumPathLength: 3) { path in
            let fault = markedPathFault(
                path,
                length: 3,
                leafMarker: .appleReceiptSigning,
                intermediateMarker: requiringIntermediateMarker ? .appleWWDRIntermediate : nil
            )
            switch fault {
            case nil:
                return nil
            case .length(let count):
                return RuleViolation(
                    certificateIndex: 0,
                    "a chain of \(count) certificates; Apple issues leaf, WWDR intermediate, root"
                )
            case .leafMarker:
                return RuleViolation(certificateIndex: 0, "the leaf lacks Apple's \(leafMarkerName)")
            case .intermediateMarker(let index):
                return RuleViolation(certificateIndex: index, "the intermediate lacks Apple's WWDR marker")
            }
        }
    }
}
