// Bloxorz (POJ 3322): an accepted submission of `gridsolve package`, written apart from
// gridsolve's solver from the statement. BFS over (cell, orientation): standing, lying
// to the right of the cell, lying below it; anything off the board is empty.
#include <cstdio>
#include <vector>
#include <string>

int main() {
    int rows, cols;
    while (std::scanf("%d %d", &rows, &cols) == 2 && (rows || cols)) {
        std::vector<std::string> board(rows);
        static char line[1024];
        for (auto& row : board) {
            std::scanf("%1000s", line);
            row = line;
        }
        auto at = [&](int r, int c) -> char {
            return r < 0 || c < 0 || r >= rows || c >= cols ? '#' : board[r][c];
        };
        std::vector<int> xs;
        int target = -1;
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++) {
                if (board[r][c] == 'X') xs.push_back(r * cols + c);
                if (board[r][c] == 'O') target = r * cols + c;
            }
        // A state is cell * 3 + orientation (0 standing, 1 lying right, 2 lying down).
        int start = xs[0] * 3;
        if (xs.size() == 2) start = xs[0] * 3 + (xs[1] - xs[0] == 1 ? 1 : 2);
        std::vector<int> dist(rows * cols * 3, -1);
        std::vector<int> queue{start};
        dist[start] = 0;
        int answer = -1;
        for (size_t head = 0; head < queue.size(); head++) {
            int state = queue[head], cell = state / 3, o = state % 3;
            if (o == 0 && cell == target) {
                answer = dist[state];
                break;
            }
            int r = cell / cols, c = cell % cols;
            // The four rolls as (row, column, orientation) of the new position.
            int next[4][3];
            if (o == 0) {
                int n[4][3] = {{r - 2, c, 2}, {r + 1, c, 2}, {r, c - 2, 1}, {r, c + 1, 1}};
                std::copy(&n[0][0], &n[0][0] + 12, &next[0][0]);
            } else if (o == 1) {
                int n[4][3] = {{r - 1, c, 1}, {r + 1, c, 1}, {r, c - 1, 0}, {r, c + 2, 0}};
                std::copy(&n[0][0], &n[0][0] + 12, &next[0][0]);
            } else {
                int n[4][3] = {{r - 1, c, 0}, {r + 2, c, 0}, {r, c - 1, 2}, {r, c + 1, 2}};
                std::copy(&n[0][0], &n[0][0] + 12, &next[0][0]);
            }
            for (auto& n : next) {
                int nr = n[0], nc = n[1], no = n[2];
                char a = at(nr, nc);
                if (a == '#') continue;
                if (no == 0 && a == 'E') continue;
                if (no == 1 && at(nr, nc + 1) == '#') continue;
                if (no == 2 && at(nr + 1, nc) == '#') continue;
                int s = (nr * cols + nc) * 3 + no;
                if (dist[s] < 0) {
                    dist[s] = dist[state] + 1;
                    queue.push_back(s);
                }
            }
        }
        if (answer < 0) std::puts("Impossible");
        else std::printf("%d\n", answer);
    }
}
