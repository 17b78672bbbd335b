// ERIT primitive benchmarks (the ERIT table of bench_isect); defined in bench_isect_erit.cpp.
#pragma once
namespace cc::isect::bench {
void registerEritBenchmarks();
}
