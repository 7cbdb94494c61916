-- wrk: POST the JSON body in the file $BODY names, on keep-alive connections
-- (the load both peer scripts, run-http.sh and run-nginx.sh, put on the servers they compare).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local file = io.open(os.getenv("BODY"), "r")
wrk.body = file:read("*a")
file:close()
