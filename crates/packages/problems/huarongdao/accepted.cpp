// Huarongdao (NOIP 2013 day 2 problem 3): an accepted submission of `gridsolve package`,
// written apart from gridsolve's solver from the statement. Per board, the blank's
// shortest walk between any two sides of every cell that avoids the cell (a BFS per
// side); per query, a BFS of the blank to the piece's sides, then Dijkstra over
// (piece cell, blank side), a step costing the detour plus the swap.
#include <cstdio>
#include <queue>
#include <vector>

int n, m;
std::vector<int> open_;  // 1 movable (or the blank), 0 fixed
const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
const int INF = 1 << 29;

int neighbour(int cell, int d) {
    int r = cell / m + dr[d], c = cell % m + dc[d];
    if (r < 0 || c < 0 || r >= n || c >= m || !open_[r * m + c]) return -1;
    return r * m + c;
}

// Distances of the blank from `from` over movable cells, never entering `avoid`.
void bfs(int from, int avoid, std::vector<int>& dist) {
    dist.assign(n * m, INF);
    std::vector<int> queue{from};
    dist[from] = 0;
    for (size_t head = 0; head < queue.size(); head++) {
        int cell = queue[head];
        for (int d = 0; d < 4; d++) {
            int next = neighbour(cell, d);
            if (next < 0 || next == avoid || dist[next] != INF) continue;
            dist[next] = dist[cell] + 1;
            queue.push_back(next);
        }
    }
}

int main() {
    int q;
    if (std::scanf("%d %d %d", &n, &m, &q) != 3) return 0;
    open_.resize(n * m);
    for (int& v : open_) std::scanf("%d", &v);
    // detour[(cell * 4 + a) * 4 + b]: from side a to side b of cell, around it.
    std::vector<int> detour(n * m * 16, INF), dist;
    for (int cell = 0; cell < n * m; cell++) {
        if (!open_[cell]) continue;
        for (int a = 0; a < 4; a++) {
            int from = neighbour(cell, a);
            if (from < 0) continue;
            bfs(from, cell, dist);
            for (int b = 0; b < 4; b++) {
                int to = neighbour(cell, b);
                if (to >= 0) detour[(cell * 4 + a) * 4 + b] = dist[to];
            }
        }
    }
    std::vector<int> cost(n * m * 4);
    while (q--) {
        int er, ec, sr, sc, tr, tc;
        std::scanf("%d %d %d %d %d %d", &er, &ec, &sr, &sc, &tr, &tc);
        int blank = (er - 1) * m + ec - 1, piece = (sr - 1) * m + sc - 1;
        int target = (tr - 1) * m + tc - 1;
        if (piece == target) {
            std::puts("0");
            continue;
        }
        if (!open_[target]) {
            std::puts("-1");
            continue;
        }
        bfs(blank, piece, dist);
        cost.assign(n * m * 4, INF);
        using Item = std::pair<int, int>;
        std::priority_queue<Item, std::vector<Item>, std::greater<Item>> heap;
        for (int a = 0; a < 4; a++) {
            int side = neighbour(piece, a);
            if (side >= 0 && dist[side] < INF) {
                cost[piece * 4 + a] = dist[side];
                heap.push({dist[side], piece * 4 + a});
            }
        }
        int answer = -1;
        while (!heap.empty()) {
            auto [c, state] = heap.top();
            heap.pop();
            if (c != cost[state]) continue;
            int cell = state / 4, a = state % 4;
            if (cell == target) {
                answer = c;
                break;
            }
            for (int b = 0; b < 4; b++) {
                int to = neighbour(cell, b);
                if (to < 0) continue;
                int walk = a == b ? 0 : detour[(cell * 4 + a) * 4 + b];
                if (walk >= INF) continue;
                // The piece steps onto side b; the blank is left on its other side.
                int next = to * 4 + (b ^ 1), nc = c + walk + 1;
                if (nc < cost[next]) {
                    cost[next] = nc;
                    heap.push({nc, next});
                }
            }
        }
        std::printf("%d\n", answer);
    }
}
