// A direction given by any finite vector, as a unit vector: scaled by its largest
// component first, so the squared norm of (0, 0, 1e200) does not overflow nor that of
// (0, 0, 1e-200) underflow (rotation axes of poses and motions).
#pragma once
#include <Eigen/Dense>

namespace cc {

// The zero vector for a zero vector (the caller says what that means to it).
inline Eigen::Vector3d unitVector(const Eigen::Vector3d& v) {
  const double scale = v.cwiseAbs().maxCoeff();
  return scale > 0 ? Eigen::Vector3d((v / scale).normalized()) : Eigen::Vector3d::Zero();
}

}  // namespace cc
