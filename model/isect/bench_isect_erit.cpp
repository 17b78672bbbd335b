#include "bench_isect_erit.h"

namespace cc::isect::bench {
// The curved-primitive tests are registered here once they exist (see the docs).
void registerEritBenchmarks() {}
}  // namespace cc::isect::bench
