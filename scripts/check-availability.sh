#!/usr/bin/env bash
# Proves the Apple platform floor on Linux (docs/platforms.md): every library module of scripts/library-modules
# must compile for macOS 10.15 and iOS 13 against the standard library's availability attributes, so that no
# module uses a standard-library API newer than the floor (UInt128, Span, InlineArray, Mutex, ...).
#
#   scripts/check-availability.sh              check every library module, in dependency order
#   scripts/check-availability.sh --self-test  check the check: a module using UInt128 must fail, one without pass
#
# Linux has no Apple SDK, but the toolchain's Linux Swift.swiftinterface keeps the standard library's Apple
# availability attributes. Retargeted (its -target changed, its @backDeployed lines dropped, which need Apple's
# runtime) and compiled as an Apple-target Swift module, it lets swiftc check availability as it does on a Mac.
# Each target's standard library is compiled once and kept under .build-availability/<target>/ (git ignores
# .build*/), keyed by the interface and the compiler, so later runs only type-check the modules.
# AVAILABILITY_TARGETS overrides the targets (space-separated triples). Exits non-zero naming the module and
# the compiler's availability errors (the API, the version it needs) when a module does not compile.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

targets=(${AVAILABILITY_TARGETS:-x86_64-apple-macos10.15 x86_64-apple-ios13.0-simulator})
cache=.build-availability

swiftc_path=$(command -v swiftc) || { echo "availability: swiftc not found" >&2; exit 1; }
swift_bin=$(dirname "$(readlink -f "$swiftc_path")")
interface=""
for candidate in "$swift_bin"/../lib/swift/linux/Swift.swiftmodule/{x86_64,aarch64}-unknown-linux-gnu.swiftinterface; do
    if [[ -f $candidate ]]; then interface=$candidate; break; fi
done
[[ -n $interface ]] || { echo "availability: no Linux Swift.swiftinterface under $swift_bin/../lib/swift" >&2; exit 1; }

# The Swift flags of Package.swift's library targets, and those that make swiftc build against the retargeted
# standard library alone: the concurrency and string-processing modules are not rebuilt (libraries import
# neither), and the standard library was built from a Linux interface without Objective-C interoperability, so
# the modules are compiled without it too (with it, the compiler looks for the Objective-C variants of the
# standard library's pointer conversions, which that build lacks). Availability checking does not depend on it.
module_flags=(
    -swift-version 6 -package-name pure_receipt
    -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault
    -Xfrontend -disable-implicit-concurrency-module-import
    -Xfrontend -disable-implicit-string-processing-module-import
    -Xfrontend -disable-objc-interop
)

# The standard library for one target, compiled from the retargeted interface into $cache/<target>/ unless the
# copy there was made from the same interface by the same compiler.
standard_library() {
    local target=$1
    local folder=$cache/$target
    local key
    key="$(swiftc --version 2>&1 | head -n 1) $(cksum < "$interface")"
    if [[ -f $folder/Swift.swiftmodule && -f $folder/key && $(cat "$folder/key") == "$key" ]]; then
        return 0
    fi
    rm -rf "$folder"
    mkdir -p "$folder"
    sed -e "/^\/\/ swift-module-flags:/s/-target [^ ]*/-target $target/" -e '/^@backDeployed(before:/d' \
        "$interface" > "$folder/Swift.swiftinterface"
    local started=$SECONDS
    if ! swift-frontend -compile-module-from-interface -module-name Swift -parse-stdlib -target "$target" \
        "$folder/Swift.swiftinterface" -o "$folder/Swift.swiftmodule" > "$folder/stdlib.log" 2>&1; then
        cat "$folder/stdlib.log" >&2
        echo "availability: the standard library does not compile for $target from $interface" >&2
        rm -f "$folder/Swift.swiftmodule"
        return 1
    fi
    echo "$key" > "$folder/key"
    echo "availability: standard library for $target compiled in $((SECONDS - started))s"
}

# Compiles one module (its name, its output folder, its sources) for a target against that target's standard
# library and the modules already in the output folder. On failure prints the module, the APIs above the floor
# that it uses, and the compiler's output, and returns 1.
check_module() {
    local target=$1 module=$2 out=$3
    shift 3
    local log=$out/$module.log
    if swiftc -O -wmo -parse-as-library -emit-module -target "$target" -module-name "$module" "${module_flags[@]}" \
        -I "$cache/$target" -I "$out" -emit-module-path "$out/$module.swiftmodule" "$@" > "$log" 2>&1; then
        return 0
    fi
    echo "availability: $module does not compile for $target" >&2
    # The availability errors first, one line each: "file:line:column: error: 'UInt128' is only available in
    # macOS 15.0 or newer".
    grep -E '^[^[:space:]|].*error: .*(is only available in|is unavailable)' "$log" | sed 's/^/availability:   /' >&2 ||
        true
    cat "$log" >&2
    return 1
}

# The sources of a module folder under Sources/, sorted.
module_sources() {
    find "Sources/$1" -name '*.swift' | LC_ALL=C sort
}

library_modules() {
    local line
    while IFS= read -r line; do
        line=${line%%#*}
        line=${line//[[:space:]]/}
        if [[ -n $line ]]; then echo "$line"; fi
    done < scripts/library-modules
}

check_library() {
    local target=$1
    local out=$cache/$target/modules
    rm -rf "$out"
    mkdir -p "$out"
    local module failed=0
    while IFS= read -r module; do
        local sources=()
        while IFS= read -r file; do sources+=("$file"); done < <(module_sources "$module")
        if [[ ${#sources[@]} -eq 0 ]]; then
            echo "availability: no sources in Sources/$module (scripts/library-modules)" >&2
            return 1
        fi
        # A module that fails stops the ones above it from compiling: stop at the first.
        check_module "$target" "$module" "$out" "${sources[@]}" || return 1
        echo "availability: $module ok for $target"
    done < <(library_modules)
}

# Two tiny modules: one whose non-inlinable function body uses UInt128 (macOS 15, iOS 18) must fail, naming
# UInt128; one doing the same arithmetic with UInt64 pairs must pass.
self_test() {
    local target=$1
    local out=$cache/$target/self-test
    rm -rf "$out"
    mkdir -p "$out"
    cat > "$out/AboveTheFloor.swift" << 'SWIFT'
func highWord(_ x: UInt64, _ y: UInt64) -> UInt64 {
    UInt64(truncatingIfNeeded: (UInt128(x) &* UInt128(y)) >> 64)
}
SWIFT
    cat > "$out/AtTheFloor.swift" << 'SWIFT'
func highWord(_ x: UInt64, _ y: UInt64) -> UInt64 {
    x.multipliedFullWidth(by: y).high
}
SWIFT
    if check_module "$target" AboveTheFloor "$out" "$out/AboveTheFloor.swift" 2> "$out/above.err"; then
        echo "availability self-test: a module using UInt128 compiled for $target; the check proves nothing" >&2
        return 1
    fi
    if ! grep -q "error: 'UInt128' is only available in" "$out/above.err"; then
        cat "$out/above.err" >&2
        echo "availability self-test: the module using UInt128 failed for $target, but not on UInt128" >&2
        return 1
    fi
    if ! grep -q "availability: AboveTheFloor does not compile for $target" "$out/above.err"; then
        cat "$out/above.err" >&2
        echo "availability self-test: the failure for $target does not name the module" >&2
        return 1
    fi
    echo "availability self-test: a module using UInt128 fails for $target, as it must"
    check_module "$target" AtTheFloor "$out" "$out/AtTheFloor.swift" || {
        echo "availability self-test: a module without UInt128 does not compile for $target" >&2
        return 1
    }
    echo "availability self-test: a module without UInt128 passes for $target"
}

mode=check
case "${1:-}" in
    "") ;;
    --self-test) mode=self-test ;;
    *)
        echo "usage: scripts/check-availability.sh [--self-test]" >&2
        exit 2
        ;;
esac

# One target's work, from its standard library up: each compile uses one core, so the targets run side by side,
# each writing to its own log, printed whole once every target has ended.
run_target() {
    local target=$1
    standard_library "$target" || return 1
    if [[ $mode == self-test ]]; then
        self_test "$target"
    else
        check_library "$target"
    fi
}

mkdir -p "$cache"
pids=()
for target in "${targets[@]}"; do
    run_target "$target" > "$cache/$target.$mode.log" 2>&1 &
    pids+=($!)
done
failed=0
for index in "${!targets[@]}"; do
    wait "${pids[index]}" || failed=1
    cat "$cache/${targets[index]}.$mode.log"
done
[[ $failed == 0 ]] || exit 1
echo "availability: $mode passed for ${targets[*]} in ${SECONDS}s"
