// The input rules a scene must meet before its FP32 image is written (docs/driver.md,
// "Input rules"), shared by every tool that runs the chip: the scale the chip's FP32
// arithmetic serves, and the board memory the scene's images need.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "cc/config.h"
#include "cc/mesh.h"
#include "cc/pose.h"
#include "cc/tree.h"

namespace cc {

// The scene magnitudes the chip's FP32 arithmetic serves: every mesh's radius (largest |x|
// of a vertex) and every pose's |t| at most 2^kMaxSceneExp, every mesh's radius at least
// 2^kMinSceneExp. Outside, the triangle records' matrices (about 1/size) and the DOP
// transform leave float's normal range (measured: answers change from about 2^-95 and
// 2^123), so such a scene is refused or scaled.
inline constexpr int kMinSceneExp = -64, kMaxSceneExp = 64;

// Throws std::invalid_argument naming the mesh (or pose), its magnitude and the range when
// a mesh or a pose's translation is outside the range above.
void checkSceneScale(const std::vector<const Mesh*>& meshes, const std::vector<Pose>& poses);

// The exponent k such that the scene times 2^k lies in the served range with its largest
// magnitude in [1, 2); 0 when it is served already. Scaling meshes and translations by a
// power of two is exact, so every answer (triangle ids) stays the same.
int sceneScaleExponent(const std::vector<const Mesh*>& meshes, const std::vector<Pose>& poses);

// Scales meshes and the poses' translations by 2^k (scaleMeshPow2, t * 2^k).
void scaleScene(const std::vector<Mesh*>& meshes, std::vector<Pose>& poses, int k);

// Board memory a backend can reach with `cfg`: the configuration's board_bytes, and on the
// rtl backend no more than the simulated board's 256 MiB BAR1 window.
uint64_t reachableBoardBytes(const std::string& backend, const ChipConfig& cfg);

// Throws std::invalid_argument when the trees' images (placed from 4 KiB, each 4 KiB
// aligned, as Driver::upload places them) and `result_capacity` result pairs after them do
// not fit in `board_bytes`: names the bytes needed and available. Cheap: call it before
// building a slow device.
void checkBoardMemory(const std::vector<const DopTree*>& trees, uint64_t board_bytes, const std::string& backend,
                      uint32_t result_capacity = 1u << 20);

}  // namespace cc
