// Holedox Moving (POJ 1324): an accepted submission of `gridsolve package`, written apart
// from gridsolve's solver from the statement. BFS over (head square, body shape), the
// shape as the L-1 directions from each block to the next, two bits each.
#include <cstdio>
#include <cstdint>
#include <vector>

int main() {
    const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    int n, m, len, number = 0;
    while (std::scanf("%d %d %d", &n, &m, &len) == 3 && (n || m || len)) {
        std::vector<int> br(len), bc(len);
        for (int i = 0; i < len; i++) std::scanf("%d %d", &br[i], &bc[i]);
        int stones;
        std::scanf("%d", &stones);
        std::vector<char> stone(n * m, 0);
        for (int i = 0; i < stones; i++) {
            int r, c;
            std::scanf("%d %d", &r, &c);
            stone[(r - 1) * m + (c - 1)] = 1;
        }
        uint32_t shape = 0;
        for (int i = 0; i + 1 < len; i++)
            for (int d = 0; d < 4; d++)
                if (br[i] + dr[d] == br[i + 1] && bc[i] + dc[d] == bc[i + 1]) shape |= d << (2 * i);
        const uint32_t shapes = 1u << (2 * (len - 1)), mask = shapes - 1;
        uint32_t start = ((br[0] - 1) * m + (bc[0] - 1)) * shapes + shape;
        std::vector<uint8_t> seen((size_t)n * m * shapes, 0);
        std::vector<uint32_t> layer{start}, next;
        seen[start] = 1;
        int answer = -1;
        std::vector<int> cells(len);
        for (int steps = 0; !layer.empty() && answer < 0; steps++) {
            next.clear();
            for (uint32_t state : layer) {
                int head = state / shapes;
                uint32_t s = state % shapes;
                if (head == 0) {
                    answer = steps;
                    break;
                }
                int r = head / m, c = head % m;
                cells[0] = head;
                for (int i = 1; i < len; i++) {
                    int d = (s >> (2 * (i - 1))) & 3;
                    r += dr[d], c += dc[d];
                    cells[i] = r * m + c;
                }
                int hr = head / m, hc = head % m;
                for (int d = 0; d < 4; d++) {
                    int nr = hr + dr[d], nc = hc + dc[d];
                    if (nr < 0 || nc < 0 || nr >= n || nc >= m || stone[nr * m + nc]) continue;
                    bool blocked = false;
                    for (int cell : cells) blocked |= cell == nr * m + nc;
                    if (blocked) continue;
                    uint32_t ns = ((s << 2) | (d ^ 1)) & mask;
                    uint32_t code = (nr * m + nc) * shapes + ns;
                    if (!seen[code]) {
                        seen[code] = 1;
                        next.push_back(code);
                    }
                }
            }
            layer.swap(next);
        }
        std::printf("Case %d: %d\n", ++number, answer);
    }
}
