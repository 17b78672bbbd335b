// Minimal 3D/2D vector arithmetic for the intersection library, templated on the scalar
// (float or double) so every algorithm exists in both precisions with identical
// operation order. Plain structs and inline functions: the benchmarks want them inlined.
#pragma once
#include <array>
#include <cmath>

namespace cc::isect {

template <class T>
struct V3 {
  T x, y, z;
  T operator[](int i) const { return i == 0 ? x : (i == 1 ? y : z); }
};

template <class T> inline V3<T> operator+(V3<T> a, V3<T> b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
template <class T> inline V3<T> operator-(V3<T> a, V3<T> b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
template <class T> inline V3<T> operator*(T s, V3<T> a) { return {s * a.x, s * a.y, s * a.z}; }
template <class T> inline T dot(V3<T> a, V3<T> b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
template <class T> inline V3<T> cross(V3<T> a, V3<T> b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
template <class T> inline T norm2(V3<T> a) { return dot(a, a); }
// det(a, b, c) = a . (b x c): six times the signed volume of the tetrahedron 0abc.
template <class T> inline T det3(V3<T> a, V3<T> b, V3<T> c) { return dot(a, cross(b, c)); }

// Orientation of d w.r.t. plane abc: [a-d, b-d, c-d] (Shewchuk's orient3d sign convention:
// positive when d lies below the plane when abc appear counter-clockwise from above).
template <class T> inline T orient3(V3<T> a, V3<T> b, V3<T> c, V3<T> d) { return det3(a - d, b - d, c - d); }

template <class T>
struct V2 {
  T x, y;
};
template <class T> inline V2<T> operator-(V2<T> a, V2<T> b) { return {a.x - b.x, a.y - b.y}; }
// Twice the signed area of triangle abc (positive when counter-clockwise).
template <class T> inline T orient2(V2<T> a, V2<T> b, V2<T> c) {
  return (a.x - c.x) * (b.y - c.y) - (a.y - c.y) * (b.x - c.x);
}

template <class T> using Tri = std::array<V3<T>, 3>;

// Converts a flat array of doubles (as read from the CLI) to the algorithm's precision.
template <class T> inline V3<T> v3(const double* p) {
  return {static_cast<T>(p[0]), static_cast<T>(p[1]), static_cast<T>(p[2])};
}

}  // namespace cc::isect
