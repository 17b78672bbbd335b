#include <gtest/gtest.h>

#include "cc/board_memory.h"

TEST(BoardMemory, UnwrittenReadsZeroAndWritesCrossPages) {
  cc::BoardMemory m;
  EXPECT_EQ(m.read32(0x12345678), 0u);
  std::vector<uint8_t> data(200000);
  for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<uint8_t>(i * 7);
  m.write(0xFFF00000u, data.data(), data.size());
  std::vector<uint8_t> back(data.size());
  m.read(0xFFF00000u, back.data(), back.size());
  EXPECT_EQ(back, data);
  EXPECT_EQ(m.pagesAllocated(), 4u);
}

TEST(BoardMemory, AccessPastTheEndThrows) {
  cc::BoardMemory m;
  uint8_t b[8] = {};
  EXPECT_THROW(m.write(0xFFFFFFFCu, b, 8), std::out_of_range);
  EXPECT_THROW(m.read(0xFFFFFFFCu, b, 8), std::out_of_range);
}
